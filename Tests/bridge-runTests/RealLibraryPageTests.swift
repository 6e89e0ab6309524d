import Foundation
import Testing
import BridgeRuntimeTesting

/// Pages written the way each library's docs say, on the library builds Debian installs
/// (`scripts/bootstrap --test`), under Examples/pages/<name>/ with the bridge mocks beside them.
/// Each gives exactly the console output a browser gives; the same page in Debian's node-jsdom
/// (scripts/jsdom-reference.js, the reference browser) gives the same lines, except the ones
/// listed under `jsdom:` where jsdom is not a browser (no layout, its own validation messages, no
/// SubmitEvent.submitter, popstate state).
@Suite struct RealLibraryPageTests {
    struct Page: CustomTestStringConvertible, Sendable {
        var name: String
        var about: String
        var lines: [String]
        /// The lines jsdom prints differently, by index (what a browser prints is `lines`).
        var jsdom: [Int: String] = [:]
        init(_ name: String, _ about: String, _ lines: [String], jsdom: [Int: String] = [:]) {
            self.name = name
            self.about = about
            self.lines = lines
            self.jsdom = jsdom
        }
        var page: String { "Examples/pages/\(name)/index.html" }
        var mock: String { "Examples/pages/\(name)/mock.json" }
        var testDescription: String { name }
        /// What jsdom prints for the page.
        var jsdomLines: [String] { lines.enumerated().map { jsdom[$0.offset] ?? $0.element } }
    }

    static let pages: [Page] = [
        Page(#"bootstrap"#, #"Bootstrap 5 components by their data attributes (tabs, collapse, dismissible alert, modal with backdrop, toast) driven by clicks, with bridge answers"#,
             [
                #"Bootstrap 5.2.3"#,
                #"profile: Grace Hopper | orders: #1001 Keyboard, #1002 Lamp"#,
                #"tab shown: orders-tab | previous: profile-tab | panes: profile orders*"#,
                #"details: collapse show | aria-expanded: true"#,
                #"alert closed: true"#,
                #"modal shown by delete | body: modal-open | backdrop: 1"#,
                #"toast: DENIED: accounts are deleted in the app settings"#,
                #"modal hidden | body: "" | backdrop: 0"#,
                #"toast hidden: false"#,
             ]),
        Page(#"jquery"#, #"jQuery 3 (Deferred from the bridge, delegation, native click, custom events, effects, serialize)"#,
             [
                #"jQuery 3.6.1"#,
                #"items: 3, visible: 2, hidden: 1"#,
                #"done: Write docs | data-id of 2nd: 2"#,
                #"checked: email"#,
                #"form: lang=fr nick=ada | notify=email&lang=fr&nick=ada"#,
                #"clicks: 2:span>li 4:li>li | done now: 3"#,
                #"event board:saved todos 4"#,
                #"profile: <section id="profile" class="card loaded" style="border-color: rgb(0, 128, 0);"><h2 class="name">Ada Lovelace</h2><p class="meta" data-level="7">engineer, level 7</p></section>"#,
                #"fadeIn done: display= visible=true"#,
                #"status: DENIED: settings are read-only"#,
                #"list: <li data-id="1" class="done"><span class="label">Write docs</span></li><li data-id="2" class="done"><span class="label">Fix bug</span></li><li data-id="3" style="display: none"><span class="label">Hidden task</span></li><li data-id="4" class="done"><span class="label">Call Grace</span></li>"#,
             ],
             jsdom: [
                1: #"items: 3, visible: 0, hidden: 3"#, // layout: jsdom has no client rects, so :visible is false
                8: #"fadeIn done: display= visible=false"#, // layout
             ]),
        Page(#"forms"#, #"a jQuery sign-up form: labels, checkboxes and radios clicked, selects, textarea, validity, submit by a button, reset"#,
             [
                #"initial: email=&plan=free&country=&topics=css&bio=Hello&ref=h5"#,
                #"elements: 12, named plan: free"#,
                #"after clicks: news=true plan=pro | change news=true, change plan=pro"#,
                #"values: country=jp topics=js+html bio="Line 1\nLine 2" | change country=jp, input bio"#,
                #"markup keeps defaults: Hello | country attr selected: 0"#,
                #"valid before: false | invalid (direct) email: Please fill out this field."#,
                #"submits with an empty email: 0 | invalid (direct) email: Please fill out this field."#,
                #"submit #1 by send: "email=ada@example.com&news=weekly&plan=pro&country=jp&topics=js&topics=html&bio=Line 1\r\nLine 2&ref=h5""#,
                #"answer: welcome ada"#,
                #"after reset: email=&plan=free&country=&topics=css&bio=Hello&ref=h5 | news=false bio="Hello""#,
             ],
             jsdom: [
                5: #"valid before: false | invalid (direct) email: Constraints not satisfied"#, // jsdom's validation message
                6: #"submits with an empty email: 0 | invalid (direct) email: Constraints not satisfied"#, // jsdom's validation message
                7: #"submit #1 by undefined: "email=ada@example.com&news=weekly&plan=pro&country=jp&topics=js&topics=html&bio=Line 1\r\nLine 2&ref=h5""#, // jsdom 20 has no SubmitEvent.submitter
             ]),
        Page(#"backbone"#, #"Backbone + underscore: sync through the bridge, views, a checkbox click, the hash router"#,
             [
                #"Backbone 1.4.1, underscore 1.13.4"#,
                #"owner: Lists of Ada"#,
                #"fetched: 3 [Write the <spec>, Review the patch, Plan the release] | 2 items left"#,
                #"created: Buy milk id=4 order=4 | input now """#,
                #"toggled: done=true class=done | 2 items left | clear shown: true"#,
                #"route filter/done: shown 2"#,
                #"after clear: 2 [Plan the release, Buy milk] | 2 items left"#,
                #"synced: read create update:1 delete:1 delete:2"#,
                #"list: <li style="display: none;"><input class="toggle" type="checkbox"> <label>Plan the release</label> <button class="destroy" type="button">×</button></li><li style="display: none;"><input class="toggle" type="checkbox"> <label>Buy milk</label> <button class="destroy" type="button">×</button></li>"#,
             ]),
        Page(#"angularjs"#, #"AngularJS 1.8: bindings, filters, ng-repeat, ng-model, a click"#,
             [
                #"AngularJS 1.8.3"#,
                #"title: GRACE's cart | Level 5"#,
                #"items: Black tea: €4.25 × 1 (cheap) | Coffee beans: €12.50 × 2 | Milk: €1.10 × 3 (cheap)"#,
                #"total: Total €32.55, 3 items"#,
                #"message: Welcome back, Grace"#,
                #"after click: 4 items, Total €35.75, 4 items"#,
                #"filtered "tea": Black tea: €4.25 × 1 (cheap) | Green tea: €3.20 × 1 (cheap)"#,
                #"input classes: ng-untouched ng-valid ng-not-empty ng-dirty ng-valid-parse"#,
                #"repeat: <!-- ngRepeat: item in cart.items | filter:cart.query | orderBy:'name' track by item.sku --><li ng-class="{cheap: item.price < 5}" class="ng-binding ng-scope cheap">Black tea: €4.25 × 1</li><!-- end ngRepeat: item in cart.items | filter:cart.query | orderBy:'name' track by item.sku --><li ng-class="{cheap: item.price < 5}" class="ng-binding ng-scope">Coffee beans: €12.50 × 2</li><!-- end ngRepeat: item in cart.items | filter:cart.query | orderBy:'name' track by item.sku --><li ng-class="{cheap: item.price < 5}" class="ng-binding ng-scope cheap">Green tea: €3.20 × 1</li><!-- end ngRepeat: item in cart.items | filter:cart.query | orderBy:'name' track by item.sku --><li ng-class="{cheap: item.price < 5}" class="ng-binding ng-scope cheap">Milk: €1.10 × 3</li><!-- end ngRepeat: item in cart.items | filter:cart.query | orderBy:'name' track by item.sku -->"#,
             ]),
        Page(#"knockout"#, #"Knockout 3.5: observables, foreach, click and value bindings"#,
             [
                #"Knockout 3.5.1"#,
                #"rows: Steve/=Standard (sandwich)/None Bert/=Premium (lobster)/$34.95 | surcharge shown: true | Total surcharge: $34.95"#,
                #"after 3 adds: 5 seats, button disabled: true, surcharge Total surcharge: $904.95"#,
                #"after remove: Steve/=Standard (sandwich)/None Guest 3/=Ultimate (whole zebra)/$290.00 Guest 4/=Ultimate (whole zebra)/$290.00 Guest 5/=Ultimate (whole zebra)/$290.00 | disabled: false | surcharges seen: 324.95,614.95,904.95,870.00"#,
                #"meal changed: Premium (lobster) | Steve/=Premium | surcharge Total surcharge: $904.95"#,
                #"passenger: Ada | input: Ada | Hello, Ada!"#,
                #"typed: Ada L. | Hello, Ada L.! | class: long"#,
                #"empty: 0 | surcharge display: none | tbody: """#,
             ]),
        Page(#"vue2"#, #"Vue 2: templates, v-model, watchers, a checkbox"#,
             [
                #"Vue 2.6.14"#,
                #"before load: <div id="app"><h1 title="">Hi</h1> <p class="loading">Loading…</p></div>"#,
                #"h1: Hi Grace title=grace@example.com"#,
                #"contacts: 4 | 4 of 4 shown, 1 starred"#,
                #"starred: 4 of 4 shown, 2 starred | <li class="starred">Grace Hopper <small>+1 202 555 0143</small> <button class="star">★</button></li>"#,
                #"query model: "gr" (DOM not yet updated: 4)"#,
                #"filtered: Grace Hopper | 1 of 4 shown, 2 starred"#,
                #"model: compact=true lang=ja"#,
                #"watch lang: en -> ja"#,
                #"prefs: <p class="compact" id="prefs">lang=ja compact=true</p>"#,
             ]),
        Page(#"vue-routing"#, #"Vue 2 routing from scratch on the hash: link clicks, pushState, back, MutationObserver, requestAnimationFrame"#,
             [
                #"Vue 2.6.14"#,
                #"start:  | HomePick a contact | active: Home"#,
                #"links: #/ #/user/7 #/user/9"#,
                #"clicked Ada: #/user/7 | Ada Lovelaceengineer #7 | active: Ada"#,
                #"pushState: #/user/9 | Ada Lovelaceengineer #9 | active: Grace"#,
                #"unknown: #/nowhere | Not found | active: "#,
                #"back: #/user/9 | Ada Lovelaceengineer #9 | active: Grace"#,
                #"back again: #/user/7 | Ada Lovelaceengineer #7 | active: Ada"#,
                #"frames: number, advancing: true"#,
                #"clicks: Ada | events: popstate null; hashchange /user/7; popstate null; hashchange /nowhere; popstate {"id":9}; hashchange /user/9; popstate null; hashchange /user/7"#,
                #"mutations: attributes true, characterData true, childList true"#,
                ##"html: <nav><a href="#/" class="">Home</a><a href="#/user/7" class="active">Ada</a><a href="#/user/9" class="">Grace</a></nav> <section class="view"><h2>Ada Lovelace</h2><p>engineer #7</p></section> <button id="back">Back</button>"##,
             ],
             jsdom: [
                9: #"clicks: Ada | events: popstate undefined; hashchange /user/7; popstate undefined; hashchange /nowhere; popstate {"id":9}; hashchange /user/9; popstate undefined; hashchange /user/7"#, // jsdom's popstate for a fragment change has state undefined (browsers: null)
             ]),
        Page(#"react18"#, #"React 18: createRoot, effects, a controlled input, a checkbox click, a form submit"#,
             [
                #"React 18.1.0, ReactDOM 18.1.0"#,
                #"right after render: """#,
                #"loaded: Linus’s inbox | 1:unread:false 2:read:true 3:unread:false | title: (2) Inbox"#,
                #"toggled: 1:read:true 2:read:true 3:unread:false | title: (1) Inbox"#,
                #"typed: Lunch? | button: Send (6)"#,
                #"sent: 103:read:true 1:read:true 2:read:true 3:unread:false | draft: "" | button: Send (0)"#,
                #"html: <li class="read" data-id="103"><input type="checkbox" checked=""> <b>Linus</b>: Lunch?</li><li class="read" data-id="1"><input type="checkbox"> <b>Ada</b>: Notes on the engine</li><li class="read" data-id="2"><input type="checkbox" checked=""> <b>Grace</b>: Compiler ready</li><li class="unread" data-id="3"><input type="checkbox"> <b>Alan</b>: Tea at four?</li>"#,
             ]),
        Page(#"handlebars"#, #"Handlebars templates and helpers"#,
             [
                #"Handlebars 4.7.7"#,
                #"heading: Ada & Co VIP"#,
                #"lines: 2 | first: 0. 2 × Notebook = $7.00"#,
                #"total: Total: $16.90 (unpaid)"#,
                #"escaped: &lt;b&gt;fragile&lt;/b&gt; &amp; heavy | raw: <b>fragile</b> &amp; heavy | raw has <b>: true"#,
                #"html: <h2>Ada &amp; Co <small>VIP</small></h2> <ul><li class="first">0. 2 × Notebook = $7.00</li><li class="">1. 10 × Pen &lt;blue&gt; = $9.90</li></ul> <p class="total">Total: $16.90 (unpaid)</p> <p class="note">&lt;b&gt;fragile&lt;/b&gt; &amp; heavy</p><p class="raw"><b>fragile</b> &amp; heavy</p>"#,
             ]),
        Page(#"mustache"#, #"Mustache templates"#,
             [
                #"Mustache 3.0.1 tags {{ }}"#,
                #"days: 3, rainy: 2"#,
                #"first: Mon 7°/1° "#,
                #"footer: Updated 08:00 by Bridge <native> | Updated 08:00 by Bridge &lt;native&gt;"#,
                #"icons: 3"#,
                #"empty: <h2>Nowhere</h2><p>No forecast</p><p class="updated">Updated  by </p>"#,
                #"html: <h2>Oslo</h2><div class="day rain"><b>Mon</b> 7°/1° <i class="icon-rain"></i></div><div class="day"><b>Tue</b> 9°/3° <i class="icon-sun"></i></div><div class="day rain"><b>Wed</b> 4°/-2° <i class="icon-snow"></i></div><p class="updated">Updated 08:00 by Bridge &lt;native&gt;</p>"#,
             ]),
        Page(#"moment"#, #"moment"#,
             [
                #"moment 2.29.4, locales: en,fr"#,
                #"row: Ada | Tue 27 Feb 2024, 14:00 | 3 | in 5 hours"#,
                #"row: Grace | Fri 15 Mar 2024, 08:15 | 7 | in 17 days"#,
                #"row: Alan | Sun 31 Dec 2023, 23:30 | 0 | 2 months ago"#,
                #"leap day: 2024-02-29 Thursday, end of month: 29th February"#,
                #"week: 9, quarter: 1, day of year: 58, unix: 1709042400"#,
                #"offset +05:30: 2024-02-27T19:30:00+05:30 | February 27, 2024 7:00 AM"#,
                #"calendar: Tomorrow at 6:00 PM / Yesterday at 8:00 AM"#,
                #"duration: 2 hours, 76h, P1Y2M3D"#,
                #"parse: true false true"#,
                #"fr: mardi 27 février 2024 à 14:00 | dans 5 heures"#,
                #"summary: 3 bookings from 12/31/2023 to 03/15/2024"#,
             ]),
        Page(#"lodash"#, #"lodash"#,
             [
                #"lodash 4.17.21"#,
                #"categories: accessories, lighting, seating | cheapest: Lamp shade | total stock: 62"#,
                #"utils: [["L-1","L-2"],["C-1","L-3"]] bridge-runtime-page {"sku":"L-1","price":24.5} tall"#,
                #"deep: {"a":{"b":1,"c":2}} equal=true clone!==: true"#,
                #"template: <b>Desk Lamp</b> x12"#,
                #"search "lamp": 3 hits {"accessories":1,"lighting":2}"#,
                #"debounced runs: 1 ["lamp"]"#,
                #"after cancel: 1 | <li data-sku="L-3">Lamp shade <span>9.75</span></li><li data-sku="L-1">Desk Lamp <span>24.50</span></li><li data-sku="L-2">Floor lamp &lt;tall&gt; <span>89.00</span></li>"#,
                #"throttle leading: t1"#,
             ]),
    ]

    @Test(arguments: pages)
    func theRunPrintsWhatABrowserPrints(_ page: Page) async throws {
        let r = try await CLI.run(["run", page.page, "--mock", page.mock])
        #expect(r.status == 0, "\(page.name): \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(page.name): \(r.stderr)")
        #expect(r.lines == page.lines, "\(page.name) (\(page.about))")
    }

    @Test(arguments: pages)
    func jsdomPrintsTheSameForTheSamePage(_ page: Page) async throws {
        let r = try await JSDOMReference.run(page.page, mock: page.mock)
        #expect(r.status == 0, "\(page.name): \(r.stderr)")
        #expect(r.lines == page.jsdomLines, "\(page.name) in jsdom")
    }

    /// A page that breaks prints less, and the test sees it: the same jQuery page without its
    /// library fails with the missing script named; the page goes on as in a browser, and its
    /// first use of `$` fails at its line.
    @Test func aPageWithoutItsLibraryFails() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reallib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = try String(contentsOf: CLI.root.appendingPathComponent("Examples/pages/jquery/index.html"), encoding: .utf8)
        let page = dir.appendingPathComponent("index.html")
        try source.replacingOccurrences(of: "/usr/share/javascript/jquery/jquery.js", with: "missing/jquery.js").write(to: page, atomically: true, encoding: .utf8)
        let r = try await CLI.run(["run", page.path, "--mock", "Examples/pages/jquery/mock.json"])
        #expect(r.status == 1)
        #expect(r.lines.isEmpty)
        #expect(r.errorLines == [
            "bridge-run: \(page.path): script src 'missing/jquery.js' not found (\(dir.path)/missing/jquery.js)",
            "bridge-run: \(page.path) (inline script #1):24: uncaught ReferenceError: Can't find variable: $",
        ])
    }

    /// jQuery's $.getJSON/$.ajax, axios and fetch (FormData, AbortController) against
    /// --http-mock fixtures, beside the bridge; every request is an `http` trace event. (jsdom
    /// has no fixtures to answer them: this page is checked against what a browser prints.)
    @Test func networkLibrariesAgainstHTTPFixtures() async throws {
        let r = try await CLI.run([
            "run", "Examples/pages/network/index.html", "--mock", "Examples/pages/network/mock.json",
            "--http-mock", "Examples/pages/network/http.json", "--trace", "-",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let console = r.errorLines
        #expect(console == [
            #"jQuery 3.6.1, axios 1.2.1"#,
            #"getJSON: Ada (engineer)"#,
            #"ajax POST: C3 new"#,
            #"ajax error: 503 error Service Unavailable | busy"#,
            #"axios: 200 application/json | A1,B2 | interceptor"#,
            #"axios error: 404 no such thing"#,
            #"fetch: 200 ok=true {"T-1":4}"#,
            #"fetch POST: 201 C3"#,
            #"aborted: AbortError"#,
            #"orders: <li>A1: shipped</li><li>B2: packed</li> | token t-42"#,
        ])
        let requests = r.lines.filter { $0.contains(#""type":"http""#) && $0.contains(#""phase":"request""#) }
        #expect(requests.count == 8, "\(r.stdout)")
    }

    /// Links and submit buttons clicked with click(): followed as navigations native code sees,
    /// a bridge URL link is a call, a prevented click stays with the page.
    @Test func linkClicksAndSubmissionsNavigate() async throws {
        let r = try await CLI.run(["run", "Examples/pages/links/index.html", "--mock", "Examples/pages/links/mock.json", "--trace", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let dir = CLI.root.appendingPathComponent("Examples/pages/links").path
        let navigations = r.lines.filter { $0.contains(#""type":"navigate""#) }
        #expect(navigations == [
            #"{"type":"navigate","seq":2,"intercepted":false,"kind":"location","url":"file://\#(dir)/orders.html?page=2"}"#,
            #"{"type":"navigate","seq":3,"intercepted":false,"kind":"window.open","url":"https://help.example.com/faq"}"#,
            #"{"type":"navigate","seq":8,"intercepted":false,"kind":"location","url":"file://\#(dir)/search.html?q=green+tea&instock=1"}"#,
            #"{"type":"navigate","seq":9,"intercepted":false,"kind":"location","url":"file:///api/order"}"#,
        ])
        #expect(r.lines.contains(#"{"type":"call","seq":5,"callbackId":"onShared","method":"share.open","params":{"title":"Hi"},"via":"url"}"#))
        let console = r.errorLines
        #expect(console == ["page handles detail.html", "submit search by find", "still here: index.html", #"shared: {"callbackId":"onShared","result":{"shared":true},"error":null}"#])
    }
}

/// Runs a page in Debian's node-jsdom (scripts/jsdom-reference.js).
enum JSDOMReference {
    static func run(_ page: String, mock: String? = nil) async throws -> CLI.Result {
        let node = ["/usr/bin/node", "/usr/bin/nodejs", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/node"
        let args = ["scripts/jsdom-reference.js", page] + (mock.map { ["--mock", $0] } ?? [])
        let o = try await ChildProcess.run(URL(fileURLWithPath: node), args, in: CLI.root)
        return CLI.Result(status: o.status, stdout: o.stdout, stderr: o.stderr, seconds: o.seconds)
    }
}
