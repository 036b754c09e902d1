module mlkem/tests/hpke/go

go 1.26
