public import BridgeCore
public import BridgeComponents
import BridgeValues

/// Runs a mock file's `"$native"` steps against a page, in order: each waits until the page's
/// bridge is ready (the peer's own start-up), then until the page's first call of `after` was
/// answered, then `delay`; a `callJS` step waits for the handler's answer before the next step.
/// Steps that could not be sent, and native-to-JS calls that failed, are the run's problems.
@MainActor
public final class NativeStepDriver {
    private unowned(unsafe) let engine: BridgeEngine
    private let steps: [NativeStep]
    private var index = 0
    /// A step is being sent (its delay runs, or its call waits for the answer).
    private var busy = false
    /// How many of the page's calls of each method were answered / made.
    private var answered: [String: Int] = [:]
    private var called: [String: Int] = [:]
    private var failures: [String] = []
    private var advanceQueued = false

    /// Watches `engine` for the steps (make it before the page loads, so the page's first calls
    /// count for `after`).
    public init(engine: BridgeEngine, steps: [NativeStep]) {
        self.engine = engine
        self.steps = steps
        guard !steps.isEmpty else { return }
        engine.addEventObserver { [unowned self] event in
            switch event {
            case .call(let method, _, _, _): called[method, default: 0] += 1
            case .result(let method, _, _): noteAnswered(method)
            case .error(let method?, _, _): noteAnswered(method)
            default: break
            }
        }
        PeerSession.of(engine).readinessObservers.append { [unowned self] in queueAdvance() }
    }

    /// The page's scripts ran: a page that speaks no peer protocol is ready now.
    public func pageLoaded() {
        let session = PeerSession.of(engine)
        session.pageLoaded = true
        session.notifyReadiness()
        queueAdvance()
    }

    /// What went wrong, one line each: failed native-to-JS calls, then the first step that was
    /// never sent (with why).
    public var problems: [String] {
        var lines = failures
        if index < steps.count {
            let step = steps[index]
            let why: String
            if !PeerSession.of(engine).isBridgeReady {
                why = "the page's bridge never became ready"
            } else if let m = step.after, answered[m, default: 0] < step.afterCount {
                let made = called[m, default: 0]
                if made == 0 {
                    why = "the page never called '\(m)'"
                } else if made < step.afterCount {
                    why = "the page called '\(m)' \(made) time\(made == 1 ? "" : "s"), the step waits for call \(step.afterCount)"
                } else {
                    why = step.afterCount == 1 ? "the page's call of '\(m)' was never answered" : "the page's call \(step.afterCount) of '\(m)' was never answered"
                }
            } else {
                why = "the run ended first"
            }
            lines.append("$native step \(index + 1) (\(step.label)) was never sent: \(why)")
        }
        return lines
    }

    private func noteAnswered(_ method: String) {
        answered[method, default: 0] += 1
        guard index < steps.count else { return }
        queueAdvance()
    }

    private func queueAdvance() {
        guard !advanceQueued, !busy, index < steps.count else { return }
        advanceQueued = true
        let handle = engine.handle
        engine.enqueueTask { [weak self] in
            guard handle.engine != nil, let self else { return }
            advanceQueued = false
            advance()
        }
    }

    private func advance() {
        guard !busy, index < steps.count, PeerSession.of(engine).isBridgeReady else { return }
        let step = steps[index]
        if let m = step.after, answered[m, default: 0] < step.afterCount { return }
        busy = true
        if step.delay > .zero {
            engine.schedule(after: step.delay) { [weak self] in self?.send(step) }
        } else {
            send(step)
        }
    }

    private func send(_ step: NativeStep) {
        let number = index + 1
        switch step.action {
        case .emit(let name, let payload):
            engine.emit(name, payload)
            next()
        case .callJS(let name, var argument):
            // A trace shows an argument list as an array: a DSBridge handler takes it spread.
            if step.fromTrace, case .data(.array(let list)) = argument, PeerSession.of(engine).speaks(.dsbridge) {
                argument = .args(list)
            }
            engine.callJS(name, argument) { [weak self] result in
                guard let self else { return }
                if case .failure(let error) = result {
                    failures.append("$native step \(number) (\(step.label)) failed: \(error.code.rawValue): \(error.message)")
                }
                next()
            }
        }
    }

    private func next() {
        index += 1
        busy = false
        queueAdvance()
    }
}
