// Package jsonkeys checks the keys of a JSON document as the project's
// readers mean them. encoding/json keeps the last of two equal keys, and
// takes a key for a struct field whatever its case ("Verdict" or
// "VERDICT" for the field "verdict"), without a word: a document with
// "game" twice would be read as whichever came last, and one with
// "verdict" and "Verdict" as the second. The readers refuse both, so that
// a document means one thing and each key is the one the format names.
package jsonkeys

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// CaseError is a key that names a field of the object it is in only in
// another case: an unknown field, which encoding/json would have taken
// for the field.
type CaseError struct {
	Key   string // the key, as the document spells it
	Field string // the field's name, as the format spells it
	Path  string // where the object is, such as tableau[2]; "" at the top
}

// Error says `unknown field "Verdict": did you mean "verdict"?`, naming
// the object when it is not the document itself.
func (e *CaseError) Error() string {
	in := ""
	if e.Path != "" {
		in = fmt.Sprintf(" in %q", e.Path)
	}
	return fmt.Sprintf("unknown field %q%s: did you mean %q? (keys are matched exactly)", e.Key, in, e.Field)
}

// frame is one open object or array while walking the document.
type frame struct {
	object bool
	keys   map[string]bool
	key    bool         // an object: the next token is a key
	path   string       // where the container is, such as tableau[2]
	last   string       // an object: the key whose value comes next
	index  int          // an array: the index of the next element
	typ    reflect.Type // what the container is decoded into (a struct, map, slice or array), or nil
	next   reflect.Type // an object: what the value that comes next is decoded into, or nil
}

// Duplicate reports the first key that an object of the JSON value at the
// start of data holds twice, as an error such as
// `"C" twice in "foundations"` or `"game" twice`. It reports nil when every
// object's keys are distinct, and also when data is not JSON (or only
// starts with a JSON value): the decoder that reads the document says what
// is wrong with it then. Keys are compared as decoded, so "game" and
// "g\u0061me" are the same key.
func Duplicate(data []byte) error { return walk(data, nil) }

// Check reports, as Duplicate, the first key that an object of the JSON
// value at the start of data holds twice, or else the first key that
// names a field of the struct the object is decoded into only in another
// case (a *CaseError). v is what the document is decoded into, such as a
// pointer to a struct: the walk follows its type through pointers,
// structs (their fields as encoding/json names them, embedded structs'
// fields included), maps, slices and arrays, and looks no further into a
// value of an interface type or one that decodes itself (json.RawMessage,
// say). Like Duplicate, it reports nil for data that is not JSON.
func Check(data []byte, v any) error { return walk(data, reflect.TypeOf(v)) }

// walker walks a JSON document: its open objects and arrays, and the
// type its value is decoded into (nil when that is not known).
type walker struct {
	stack []*frame
	t     reflect.Type
}

// walk is Duplicate and Check: t is the type the value is decoded into,
// or nil to look for keys given twice alone.
func walk(data []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	w := &walker{t: t}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or not JSON: the caller's decoder says why
		}
		end, err := w.token(tok)
		if end || err != nil {
			return err
		}
	}
}

// token takes the next token of the document: it returns whether the
// value at the start is complete, or the first problem with a key.
func (w *walker) token(tok json.Token) (end bool, err error) {
	if len(w.stack) > 0 {
		if f := w.stack[len(w.stack)-1]; f.object && f.key {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				w.stack = w.stack[:len(w.stack)-1]
				return w.done(), nil
			}
			return false, f.takeKey(tok)
		}
	}
	switch tok {
	case json.Delim('{'):
		path, typ := w.child()
		w.stack = append(w.stack, &frame{object: true, keys: map[string]bool{}, key: true, path: path, typ: typ})
	case json.Delim('['):
		path, typ := w.child()
		w.stack = append(w.stack, &frame{path: path, typ: typ})
	case json.Delim(']'):
		w.stack = w.stack[:len(w.stack)-1]
		return w.done(), nil
	default:
		return w.done(), nil
	}
	return false, nil
}

// takeKey takes tok, the next key of the object f.
func (f *frame) takeKey(tok json.Token) error {
	k, _ := tok.(string)
	if f.keys[k] {
		if f.path == "" {
			return fmt.Errorf("%q twice", k)
		}
		return fmt.Errorf("%q twice in %q", k, f.path)
	}
	f.keys[k] = true
	f.last, f.key = k, false
	next, err := f.member(k)
	f.next = next
	return err
}

// child names the place of the value that comes next, and what it is
// decoded into.
func (w *walker) child() (string, reflect.Type) {
	if len(w.stack) == 0 {
		return "", valueType(w.t)
	}
	f := w.stack[len(w.stack)-1]
	if f.object {
		if f.path == "" {
			return f.last, f.next
		}
		return f.path + "." + f.last, f.next
	}
	var elem reflect.Type
	if f.typ != nil && (f.typ.Kind() == reflect.Slice || f.typ.Kind() == reflect.Array) {
		elem = valueType(f.typ.Elem())
	}
	return f.path + "[" + strconv.Itoa(f.index) + "]", elem
}

// done marks the value just read as complete in its container, and
// reports whether it was the value at the start, now complete.
func (w *walker) done() bool {
	if len(w.stack) == 0 {
		return true
	}
	f := w.stack[len(w.stack)-1]
	if f.object {
		f.key = true
	} else {
		f.index++
	}
	return false
}

// member returns what the value of key k of the object f is decoded into
// (nil when that is not known), or a *CaseError when f is decoded into a
// struct that has no field k but one whose name is k in another case.
func (f *frame) member(k string) (reflect.Type, error) {
	switch {
	case f.typ == nil:
		return nil, nil
	case f.typ.Kind() == reflect.Map:
		return valueType(f.typ.Elem()), nil
	case f.typ.Kind() != reflect.Struct:
		return nil, nil
	}
	fs := fieldsOf(f.typ)
	if ft, ok := fs[k]; ok {
		return valueType(ft), nil
	}
	for name := range fs {
		if strings.EqualFold(name, k) {
			return nil, &CaseError{Key: k, Field: name, Path: f.path}
		}
	}
	return nil, nil
}

var (
	unmarshaler     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// valueType returns the type a JSON value decoded into t is read as, its
// pointers taken away, or nil when the walk looks no further into it: an
// interface, or a type that decodes itself.
func valueType(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	if p := reflect.PointerTo(t); p.Implements(unmarshaler) || p.Implements(textUnmarshaler) {
		return nil
	}
	return t
}

// fieldCache holds fieldsOf's answers, by struct type.
var fieldCache sync.Map

// fieldsOf returns the JSON fields of the struct type t, by name, with
// their types, as encoding/json names them: each exported field by its
// json tag (or its Go name), but those tagged "-"; the fields of an
// embedded struct without a tag in place of the struct, a field of t
// before one of an embedded struct of the same name.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.(map[string]reflect.Type)
	}
	fs := map[string]reflect.Type{}
	level := []reflect.Type{t}
	for depth := 0; len(level) > 0 && depth < 10; depth++ {
		found := map[string]reflect.Type{}
		var embedded []reflect.Type
		for _, st := range level {
			for i := range st.NumField() {
				sf := st.Field(i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, _, _ := strings.Cut(tag, ",")
				ft := sf.Type
				for ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				switch {
				case sf.Anonymous && name == "" && ft.Kind() == reflect.Struct:
					embedded = append(embedded, ft)
					continue
				case !sf.IsExported():
					continue
				case name == "":
					name = sf.Name
				}
				found[name] = sf.Type
			}
		}
		for name, ft := range found {
			if _, ok := fs[name]; !ok {
				fs[name] = ft
			}
		}
		level = embedded
	}
	fieldCache.Store(t, fs)
	return fs
}
