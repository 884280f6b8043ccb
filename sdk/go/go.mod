module github.com/svc-firewall/svc/sdk/go

go 1.19
