import Glibc

StandardStreams.ensureOpen()
exit(Shell.run(Array(CommandLine.arguments.dropFirst())))
