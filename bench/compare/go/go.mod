module mlkem-compare/gobench

go 1.24
