module mlkem-compare/gobench

// crypto/mlkem/mlkemtest (derandomized encapsulation) is new in Go 1.26.
go 1.26
