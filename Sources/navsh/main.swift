import Glibc

exit(Shell.run(Array(CommandLine.arguments.dropFirst())))
