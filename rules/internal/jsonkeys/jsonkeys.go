// Package jsonkeys finds a key that a JSON object holds twice.
// encoding/json keeps the last of two equal keys without a word, so a
// document with "game" twice would be read as whichever came last; the
// project's readers refuse such input instead.
package jsonkeys

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// frame is one open object or array while walking the document.
type frame struct {
	object bool
	keys   map[string]bool
	key    bool   // an object: the next token is a key
	path   string // where the container is, such as tableau[2]
	last   string // an object: the key whose value comes next
	index  int    // an array: the index of the next element
}

// Duplicate reports the first key that an object of the JSON value at the
// start of data holds twice, as an error such as
// `"C" twice in "foundations"` or `"game" twice`. It reports nil when every
// object's keys are distinct, and also when data is not JSON (or only
// starts with a JSON value): the decoder that reads the document says what
// is wrong with it then. Keys are compared as decoded, so "game" and
// "g\u0061me" are the same key.
func Duplicate(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []*frame
	// child names the place of the value that comes next.
	child := func() string {
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.object {
			if f.path == "" {
				return f.last
			}
			return f.path + "." + f.last
		}
		return f.path + "[" + strconv.Itoa(f.index) + "]"
	}
	// done marks the value just read as complete in its container.
	done := func() {
		if len(stack) == 0 {
			return
		}
		f := stack[len(stack)-1]
		if f.object {
			f.key = true
		} else {
			f.index++
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return nil // not JSON: the caller's decoder says why
		}
		if len(stack) > 0 {
			if f := stack[len(stack)-1]; f.object && f.key {
				if d, ok := tok.(json.Delim); ok && d == '}' {
					stack = stack[:len(stack)-1]
					done()
					if len(stack) == 0 {
						return nil
					}
					continue
				}
				k, _ := tok.(string)
				if f.keys[k] {
					if f.path == "" {
						return fmt.Errorf("%q twice", k)
					}
					return fmt.Errorf("%q twice in %q", k, f.path)
				}
				f.keys[k] = true
				f.last, f.key = k, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]bool{}, key: true, path: child()})
		case json.Delim('['):
			stack = append(stack, &frame{path: child()})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
			if len(stack) == 0 {
				return nil
			}
		default:
			done()
			if len(stack) == 0 {
				return nil
			}
		}
	}
}
