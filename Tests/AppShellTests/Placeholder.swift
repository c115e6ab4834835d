// The AppShell host tests land with the AppShell issue.
