import BridgeRunner
import BridgeComponents
import BridgeCore
import BridgeSchema
import BridgeNetwork

/// What every test file of a run shares, read once before the first file: the `--mock`
/// fixture, the `--capabilities` file and the `--schemas`.
struct TestInputs {
    var fixture: MockFixture?
    var capabilities: CapabilitySet?
    var schemas: SchemaSet?
    /// What answers HTTP requests and WebSockets (`--http-mock`, or `"$http"` in the `--mock` file).
    var http = HTTPMockFixture()

    /// A file that could not be read (already printed on `output`).
    struct Failure: Error {
        var line: String
    }

    /// Reads the inputs of `options`, printing problems on `output`.
    @MainActor
    static func load(_ options: TestOptions, output: any RunOutput, prefix: String) -> Result<TestInputs, Failure> {
        func fail(_ line: String) -> Result<TestInputs, Failure> {
            output.err("\(prefix): \(line)")
            return .failure(Failure(line: line))
        }
        var inputs = TestInputs()
        if let path = options.mockPath {
            do { inputs.fixture = try MockFixture(contentsOf: path) } catch { return fail(error.message) }
        }
        do { inputs.http = try HTTPMockFixture.load(httpMock: options.httpMockPath, mock: inputs.fixture?.hasHTTPFixtures == true ? options.mockPath : nil) } catch { return fail(error.description) }
        if let path = options.capabilitiesPath {
            do { inputs.capabilities = try CapabilitySet(contentsOf: path) } catch { return fail(error.message) }
        }
        if let dir = options.schemasDir {
            do {
                inputs.schemas = try SchemaSet.load(directory: dir)
            } catch {
                for problem in error.problems { output.err(problem.description) }
                return fail("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in the schemas in \(dir)")
            }
        }
        return .success(inputs)
    }
}
