import Foundation
import Testing
@testable import BridgeSchema
@testable import BridgeValues
@testable import BridgeSupport

/// Regression tests for crashers found by `scripts/fuzz schema`.
///
/// Each crasher runs in a child process (a Swift Testing exit test), so a crash fails this test
/// instead of killing the whole test run.
@Suite("Fuzz regressions: schema parser")
struct SchemaXMLCrashTests {
    /// Crasher 1 (fuzz target `schema`, minimised by hand from
    /// `crash-6e39430aa5b0c9db18dc5a5569c871ac738bd673`, 44 bytes): an XML declaration naming an
    /// encoding libxml2 cannot switch the (already UTF-8) input to. libxml2 reports the error from
    /// inside `xmlSwitchToEncoding`; `SchemaXMLReader.parser(_:parseErrorOccurred:)` then calls
    /// `abortParsing()`, which halts the parser and frees its input buffer while
    /// `xmlSwitchToEncoding` is still using it: SIGSEGV (NULL + 0x20) in libxml2.
    ///
    /// A hostile or mistaken schema file must be refused with a `SchemaLoadError`, never crash
    /// the process.
    @Test("a schema declaring encoding=\"UTF-32\" is refused, not a crash")
    func utf32DeclarationDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let xml = #"<?xml version="1.0" encoding="UTF-32"?><a/>"#
            do {
                _ = try SchemaSet.parse(xml: xml, file: "fuzz-crash-1.xml")
                exit(3)  // loaded: not a protocol document, so it should have been refused
            } catch let error as SchemaLoadError {
                exit(error.problems.isEmpty ? 4 : 0)
            } catch {
                exit(5)  // parse(xml:file:) throws only SchemaLoadError
            }
        }
    }

    /// The original (unminimised) crasher, an encoding="UTF-7" declaration with a broken end, and
    /// the same crash shape on a real schema document.
    @Test(
        "other encoding declarations do not crash the schema parser",
        arguments: [
            "<?xml version=\"1.0\" encoding=\"UTF-7\"\u{FFFD}>\n<protobol nad\" nema=\"e\" verI",
            "<?xml version=\"1.0\" encoding=\"UTF-32\"?>\n<protocol name=\"a\"><action name=\"x\"/></protocol>\n",
        ])
    func otherEncodingDeclarations(_ xml: String) async {
        await #expect(processExitsWith: .success, "schema text: \(xml.debugDescription)") { [xml] in
            _ = try? SchemaSet.parse(xml: xml, file: "fuzz-crash-1b.xml")
        }
    }

    /// Crasher 2 (fuzz target `schema`, `crash-29d68d2e4e93eef715596a739ba896b0020b4544`,
    /// minimised by hand to 5 bytes): a processing instruction with a target and no data. libxml2
    /// passes `data == NULL` to the SAX processing-instruction callback and FoundationXML's
    /// `_NSXMLParserProcessingInstruction` calls `strlen(NULL)`: SIGSEGV, whatever the delegate
    /// does. The schema reader must refuse such input before it reaches `XMLParser`.
    @Test(
        "a processing instruction without data does not crash the schema parser",
        arguments: [
            "<?a?>",
            "<protocol name=\"p\"><?pi?></protocol>",
            "\n\n<?xm\u{FFFD}\u{FFFD}?>\n<protocol eame=\"x\" version=\"1\"/>\n",
        ])
    func processingInstructionWithoutData(_ xml: String) async {
        await #expect(processExitsWith: .success, "schema text: \(xml.debugDescription)") { [xml] in
            _ = try? SchemaSet.parse(xml: xml, file: "fuzz-crash-2.xml")
        }
    }
}
