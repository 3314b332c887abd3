package stat

import (
	"testing"

	"github.com/patience-solver/patience/internal/testgames"
)

// TestErrorsListed: the package comment's section "Errors" lists every
// error the package declares, none (testgames.CheckErrors).
func TestErrorsListed(t *testing.T) {
	testgames.CheckErrors(t, ".", nil)
}
