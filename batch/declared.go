package batch

import (
	"errors"
	"fmt"
)

// DeclaredDeals returns the list of deals that the header of the file r
// reads declares. A list that does not parse is a *FileError of line 1.
func (r *Reader) DeclaredDeals() (*DealList, error) {
	list, err := ParseDeals(r.header.Deals)
	if err != nil {
		return nil, &FileError{Name: r.name, Line: 1, Err: fmt.Errorf("bad deals in the header: %w", err)}
	}
	return list, nil
}

// InDeclared returns the index of the deal of rec, the record r read
// last, in list: the deals that the file's header declares
// (DeclaredDeals). A deal outside them (a line of another run pasted in,
// say) is refused with a *FileError that names the file and line. This is
// the one rule that Merge, SummarizeFiles and the catalogue's commands
// hold every result line to.
func (r *Reader) InDeclared(list *DealList, rec *Record) (uint64, error) {
	if list == nil || rec == nil {
		return 0, &FileError{Name: r.name, Line: r.line, Err: errors.New("no list of deals, or no record, to look the deal up in")}
	}
	k, ok := list.Index(rec.Number)
	if !ok {
		return 0, &FileError{Name: r.name, Line: r.line, Err: fmt.Errorf("deal %s is not in the declared deals %s", rec.Number, clip(r.header.Deals))}
	}
	return k, nil
}
