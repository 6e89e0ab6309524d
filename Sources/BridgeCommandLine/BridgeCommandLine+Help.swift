import BridgeRunner
import BridgeTestRunner

extension BridgeCommandLine {
    /// Help text for the tool or one command.
    public static func help(_ command: String?, commandName: String = "bridge-run") -> String {
        switch command {
        case "test":
            return TestOptions.help(commandName: commandName)
        case "validate":
            return """
                usage: \(commandName) validate --schemas DIR [--no-limits] FILE...

                Checks captured bridge messages against the XML protocol schemas. Each FILE holds one
                message {method, params, callbackId}, a JSON array of them, or JSON Lines.
                Invalid messages are printed with their location (file:line for JSON Lines) and every
                violation as path: message. The runtime's message limits apply as they do at run time
                (4 MiB of JSON per message, strings of 1 Mi UTF-16 units, arrays of 100 000 elements:
                PAYLOAD_TOO_LARGE); --no-limits checks the schemas alone.

                exit status: 0 all valid, 1 any invalid, 2 unreadable file or bad schemas
                """
        case "lint":
            return """
                usage: \(commandName) lint --schemas DIR

                Checks every *.xml schema under DIR and prints every problem as file:line: reason.

                exit status: 0 no problems, 2 problems found
                """
        case "docs":
            return """
                usage: \(commandName) docs --schemas DIR --format markdown|typescript|jsonschema [--out DIR]

                Generates documentation from the schemas: one Markdown page per protocol, a TypeScript
                .d.ts with typed bridge.call overloads (it types the global bridge of bridge.d.ts from
                'types'), or one JSON Schema (draft 2020-12) per action named <action>.schema.json.
                Without --out the output is printed.

                exit status: 0 success, 2 bad schemas or unwritable --out
                """
        case "run":
            return """
                usage: \(commandName) run FILE(.js|.mjs|.ts|.html)|URL [--mock FILE] [--http-mock FILE] [--trace FILE|-] [--timeout MS] [--script-timeout MS]
                                         [--memory-limit MB] [--virtual-time] [--settle MS] [--wait-for EXPR] [--offline DIR] [--url-scheme NAME] [--routes FILE]
                                         [--schemas DIR [--strict-schemas] [--validate-results]] [--capabilities FILE]
                                         [--import-map FILE] [--jit standard|short-lived]

                Runs a page script or HTML page headlessly, printing console output. A .js script runs until
                nothing is pending (as in Node: a live interval keeps it running). An .html page is parsed into
                a document, runs its scripts in document order, then DOMContentLoaded and load, and is done
                when it is quiet: nothing pending but its intervals, for --settle MS (or --wait-for EXPR).
                A module (.mjs, .cjs, .mts, .cts, .ts, .tsx, .jsx, or .js with import/export) is bundled by esbuild
                first; its errors name the original files and lines.

                options:
                  --mock FILE       canned answers: {"method": {"result": ...} | {"error": {"code","message"}}, "delayMs"?}
                  --http-mock FILE  answers for fetch/XMLHttpRequest/WebSocket: [{"method"?, "url": "/api/*", "status"?,
                                    "headers"?, "json"|"text"|…, "delayMs"?} | {"url", "sequence": [...]}]
                                    (or a "$http" list in the --mock file); requests are served by data:/blob:
                                    URLs, then --offline, then these; anything else fails (no network)
                  --trace FILE|-    write every call, result, error, event, HTTP request and console line as JSON Lines
                  --timeout MS      limit for the whole run and for any one script or callback (default 30000)
                  --script-timeout MS  limit for any one script, timer callback or delivery (default: --timeout)
                  --memory-limit MB  most resident memory the run may use (default 2048); past it: exit 4
                  --virtual-time    fire timers in order without waiting
                  --settle MS       an .html page is done after MS quiet (only intervals pending; default 300; nothing pending: at once)
                  --wait-for EXPR   an .html page is done when the JS expression EXPR is truthy
                  --offline DIR     offline resource package: routes.json maps page URLs to local pages,
                                    packages.json + file.json serve http(s) scripts after an md5 check
                  --url-scheme NAME scheme of the legacy URL protocol (default hybrid)
                  --import-map FILE  an import map {"imports": {...}} for a module file (bare names to files)
                  --jit standard|short-lived  JavaScriptCore's optimizing compilers on (default) or off
                                    (short-lived: interpreter and baseline JIT only, for short runs)
                  --routes FILE     AB route table for nav.open: [{"id", "url", "expiresAt"}]
                  --schemas DIR     validate every call (mocked ones too) against the XML schemas in DIR
                  --strict-schemas  with --schemas: refuse calls to actions that have no schema
                  --validate-results  with --schemas: check results (mocked ones too) against <result>
                  --capabilities FILE  grant permissions to pages by URL pattern (see README); without
                                    it every page may call every action
                  -h, --help        show this help

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit, 4 memory limit
                """
        case "types":
            return """
                usage: \(commandName) types [--out DIR]

                Writes TypeScript declarations for editors: bridge.d.ts (the page SDK: bridge.call, post,
                on, off, register, unregister, BridgeError) and bridge-test.d.ts (the globals of test
                files: test, describe, hooks, expect and its matchers, mock, calls, vi/jest). With
                'docs --format typescript' output in the same folder, bridge.call is typed per action.
                Without --out both files are printed.

                exit status: 0 success, 2 unwritable --out
                """
        case "junit-merge":
            return """
                usage: \(commandName) junit-merge FILE... [--out FILE]

                Merges JUnit XML reports (the shards of a CI matrix) into one: every testsuite of every
                FILE, in order, under one testsuites element with the totals summed. Without --out the
                merged report is printed.

                exit status: 0 success, 2 unreadable or malformed FILE, unwritable --out
                """
        case "coverage-merge":
            return """
                usage: \(commandName) coverage-merge FILE... [--out FILE] [--coverage-min N]

                Merges the action coverage reports of 'test --coverage-json FILE' (the shards of a CI
                matrix) into one: the schema actions of any report, the calls and outcomes of all
                added up. Prints the merged report as 'test --coverage' does; --out writes it as
                JSON in the same format; --coverage-min N fails below N % of the actions called.

                exit status: 0 success, 1 below --coverage-min, 2 unreadable or malformed FILE,
                unwritable --out
                """
        case "version":
            return "usage: \(commandName) --version   (or: \(commandName) version)\n\nPrints the version of bridge-run."
        default:
            return """
                usage: \(commandName) <command> [options]

                Runs hybrid-app (H5) page scripts headlessly on JavaScriptCore with the JS bridge.

                commands:
                  run FILE|URL     run a script or page until idle (see '\(commandName) run --help')
                  test [PATH...]   run *.test.js suites, each file in a fresh engine (see '\(commandName) test --help')
                  validate         check captured messages against the XML schemas
                  lint             check the XML schema files
                  docs             generate Markdown, TypeScript typings or JSON Schema from the schemas
                  types            write TypeScript declarations of the bridge SDK and the test globals
                  junit-merge      merge JUnit XML reports (CI shards) into one
                  coverage-merge   merge action coverage reports (test --coverage-json) into one
                  version          print the version (also --version)

                A bridge.config.json in the working directory or above it holds defaults for run and
                test (--config FILE names another, --no-config reads none).

                exit status: 0 success, 1 script error or invalid message, 2 usage or file error, 3 time limit, 4 memory limit
                """
        }
    }

}
