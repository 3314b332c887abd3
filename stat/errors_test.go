package stat

import (
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
)

// TestErrorsListed: stat declares no error, and its package comment's
// section "Errors" says so (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	testgames.CheckErrors(t, ".", nil)
}
