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
    private var answered: Set<String> = []
    private var called: Set<String> = []
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
            case .call(let method, _, _, _): called.insert(method)
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
            } else if let m = step.after, !answered.contains(m) {
                why = called.contains(m) ? "the page's call of '\(m)' was never answered" : "the page never called '\(m)'"
            } else {
                why = "the run ended first"
            }
            lines.append("$native step \(index + 1) (\(step.label)) was never sent: \(why)")
        }
        return lines
    }

    private func noteAnswered(_ method: String) {
        guard answered.insert(method).inserted, index < steps.count else { return }
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
        if let m = step.after, !answered.contains(m) { return }
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
        case .callJS(let name, let argument):
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
