import NavScript
import NavigationEngine

/// One input to run, in command-line order.
enum Input: Equatable {
    case file(String)
    case stdin
    case commands(String, index: Int)
}

/// The parsed command line.
struct Options {
    var json = false
    var echo = false
    var bail = false
    var quiet = false
    var noInit = false
    var profile: Profile = .ios26
    var clock: ClockMode?
    var speed = 1.0
    var color = "auto"
    var inputs: [Input] = []
    var interactiveAfter = false
    /// `--live`: the phone is drawn (`show live`) from the start.
    var live = false
    var testPaths: [String]?
    /// `navsh compare FILE`: the files to compare (exactly one).
    var comparePaths: [String]?
    var unified = false
    /// `navsh compare --preemption`: iOS 26 without and with pre-emption.
    var preemption = false
    var showVersion = false
    var showHelp = false
    /// `--allow-write DIR`: folders a script may write under besides its own.
    var allowWrite: [String] = []

    static let optionNames = [
        "--json", "--echo", "--bail", "--profile", "--clock", "--speed", "--color", "--quiet",
        "--no-init", "--version", "--help", "-c", "-i", "--unified", "--preemption",
        "--allow-write", "--live",
    ]

    /// Parses arguments (without the program name); throws a usage message.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var args = arguments[...]
        if args.first == "test" {
            args = args.dropFirst()
            options.testPaths = []
        } else if args.first == "compare" {
            args = args.dropFirst()
            options.comparePaths = []
        }
        var onlyFiles = false
        func value(_ name: String) throws(UsageError) -> String {
            guard let next = args.popFirst() else { throw UsageError("option '\(name)' needs a value") }
            return next
        }
        while let arg = args.popFirst() {
            if onlyFiles || arg == "-" || !arg.hasPrefix("-") {
                if options.testPaths != nil {
                    options.testPaths?.append(arg)
                } else if options.comparePaths != nil {
                    options.comparePaths?.append(arg)
                } else {
                    options.inputs.append(arg == "-" ? .stdin : .file(arg))
                }
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func optionValue() throws(UsageError) -> String {
                if let inline { return inline }
                return try value(name)
            }
            switch name {
            case "--": onlyFiles = true
            case "--json": options.json = true
            case "--echo": options.echo = true
            case "--bail": options.bail = true
            case "--quiet": options.quiet = true
            case "--unified", "-u": options.unified = true
            case "--preemption" where options.comparePaths != nil: options.preemption = true
            case "--preemption":
                throw UsageError(
                    "option '--preemption' applies only to 'navsh compare' (in a script: set preemption on)")
            case "--no-init": options.noInit = true
            case "--live": options.live = true
            case "--version": options.showVersion = true
            case "--help", "-h": options.showHelp = true
            case "--profile":
                let v = try optionValue()
                guard let p = Profile(rawValue: v) else { throw UsageError("invalid profile '\(v)' (ios26 or legacy)") }
                options.profile = p
            case "--clock":
                let v = try optionValue()
                guard let c = ClockMode(rawValue: v) else { throw UsageError("invalid clock '\(v)' (virtual or real)") }
                options.clock = c
            case "--speed":
                let v = try optionValue()
                // The parser's number rule, so `--speed X` takes what `set speed X` takes.
                guard let s = parseSpeed(v) else { throw UsageError("invalid speed '\(v)' (\(speedRange))") }
                options.speed = s
            case "--color":
                let v = try optionValue()
                guard ["auto", "always", "never"].contains(v) else {
                    throw UsageError("invalid color '\(v)' (auto, always or never)")
                }
                options.color = v
            case "--allow-write":
                let v = try optionValue()
                guard !v.isEmpty else { throw UsageError("option '--allow-write' needs a folder") }
                options.allowWrite.append(v)
            case "-c" where options.testPaths != nil || options.comparePaths != nil,
                "-i" where options.testPaths != nil || options.comparePaths != nil:
                // `test` and `compare` run files: commands or a prompt would be ignored.
                throw UsageError(
                    "option '\(name)' does not apply to 'navsh \(options.testPaths != nil ? "test" : "compare")'")
            case "-c":
                let v = try value("-c")
                let count = options.inputs.filter { if case .commands = $0 { true } else { false } }.count
                options.inputs.append(.commands(v, index: count + 1))
            case "-i":
                options.interactiveAfter = true
                options.inputs.append(.file(try value("-i")))
            default:
                let hint = suggestion(for: name, among: Options.optionNames).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("unknown option '\(name)'\(hint)")
            }
        }
        return options
    }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

let usageText = """
    usage: navsh [OPTIONS] [FILE...]  run scripts (stdin; at a terminal, the prompt)
           navsh -c 'CMDS'...        run commands, then exit
           navsh -i FILE             run FILE, then continue at the prompt
           navsh test PATH...        run each .nav file (or folder of them), a test
           navsh explore FILE... [--depth N] [--max-states N] [--jobs N] [--all]
                                 [--out FILE] [--json]
                                     search every interleaving of FILE's explore
                                     actions for the shortest one that breaks a
                                     property (docs/explorer.md)
           navsh compare [--unified|--json] [--preemption] FILE
                                     run FILE under ios26 and legacy, side by side
                                     or as a diff (--preemption: ios26 without
                                     and with pre-emption)

    options:
      --json                 events as JSON lines on stdout
      --echo                 print each command before its events
      --bail                 stop at the first error or failed expectation
      --profile ios26|legacy UIKit behaviour to imitate (default ios26)
      --clock virtual|real   transition clock (scripts: virtual; the prompt: real)
      --speed X              play real-time transitions at X times real speed
                             (0.1: slow motion, ten times slower; 0.01 to 100)
      --color auto|always|never
      --quiet                print only diagnostics and expectation results
      --live                 draw the phone from the start (show live); with -i,
                             the lesson plays in real time unless --clock says so
      --no-init              do not read $XDG_CONFIG_HOME/navsh/init.nav
      --allow-write DIR      let scripts' record and timeline write under DIR too
                             (a script writes only in its own folder otherwise)
      --version, --help
      -                      read commands from stdin; -- ends options

    exit status: 0 ok, 1 a command or expectation failed (explore: a violation
                 was found), 2 usage error, 3 output could not be written
                 (stdout, a recording, explore --out), 130 interrupted
                 (Ctrl-C), 143 terminated (SIGTERM, explore)
    """
