// Package probe counts work that tests must see done, or not done, on
// paths that leave no other trace. Each count is one atomic add, on paths
// that cost far more than that.
package probe

import "sync/atomic"

// Validations counts the calls of rules.Validate: a batch run over deal
// numbers must make none per deal (dealgen's deals are valid as dealt).
var Validations atomic.Int64
