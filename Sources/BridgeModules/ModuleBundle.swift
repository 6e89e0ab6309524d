/// A module graph turned into one classic script: what a page loader or runner evaluates in
/// place of the module, and the map that names the original files and lines in its errors.
public struct ModuleBundle: Sendable {
    /// The script: an IIFE with every imported module inside, no `import`/`export` left.
    public var code: String
    /// Generated positions in `code` → original files and lines (with `sourcesContent`).
    public var sourceMap: SourceMap
    /// The name to evaluate `code` under (`<entry name> (bundle)`); errors at positions the map
    /// knows are renamed to the original file.
    public var sourceURL: String
    /// The entry's name, as errors name it.
    public var name: String
    /// The CSS the modules imported (`import "./style.css"`), bundled in import order, or `nil`.
    /// Not applied by the bundler: a page loader may add it to the document as a `<style>`.
    public var css: String?
    /// The absolute paths of the files esbuild read (the entry file included; inline text not).
    public var inputs: [String]

    /// Creates a bundle.
    public init(code: String, sourceMap: SourceMap, sourceURL: String, name: String, css: String? = nil, inputs: [String]) {
        self.code = code
        self.css = css
        self.sourceMap = sourceMap
        self.sourceURL = sourceURL
        self.name = name
        self.inputs = inputs
    }
}
