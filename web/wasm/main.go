//go:build js && wasm

// Command wasm is the part of the web page that runs in the browser's Web
// Worker, compiled with GOOS=js GOARCH=wasm: the project's own rules,
// dealgen, catalogue, solver and sample packages, behind one JavaScript function.
//
// The worker calls patienceCall(request, reply, progress): request is a
// JSON object with an "op" field; reply is called once, with the JSON
// answer; progress, when given, is called while a search runs with how far
// it has come (play.Progress, as JSON), now and then: the searching worker
// posts it to the page as it comes, for no other goroutine runs while the
// search does. Each request runs in a goroutine of its own. A search does not return to the
// browser's event loop until it ends, so the page cancels one by ending the
// worker and starting a new one (web/static/worker.js): no message to stop
// reaches Go, and each request is handled with context.Background, which
// never ends.
package main

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"syscall/js"

	"github.com/patience-solver/patience/game"
	"github.com/patience-solver/patience/web/play"
)

func main() {
	// The position table is capped at game.PageTableMB; the runtime is
	// asked to stay near that, so that the table it outgrew is returned
	// soon (as the command line does with --memory).
	debug.SetMemoryLimit((game.PageTableMB + 64) << 20)
	js.Global().Set("patienceCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		req, reply := args[0].String(), args[1]
		var report func(play.Progress)
		if len(args) > 2 && args[2].Type() == js.TypeFunction {
			progress := args[2]
			report = func(p play.Progress) {
				if b, err := json.Marshal(p); err == nil {
					progress.Invoke(string(b))
				}
			}
		}
		go func() {
			// The page stops a search by terminating this worker, so
			// the request's context never ends.
			reply.Invoke(string(play.Answer(context.Background(), []byte(req), report)))
		}()
		return nil
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {}
}
