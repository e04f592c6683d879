#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

StandardStreams.ensureOpen()
exit(Shell.run(Array(CommandLine.arguments.dropFirst())))
