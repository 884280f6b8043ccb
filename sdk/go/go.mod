module svc/sdk/go

go 1.19
