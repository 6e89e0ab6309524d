// TypeScript declarations of the globals of `bridge-run test` files, written by
// `bridge-run types` (with bridge.d.ts, which test files also see). Add both to your tsconfig's
// "include" or reference them: /// <reference path="bridge-test.d.ts" />. docs/testing.md
// describes every global.

/// <reference path="bridge.d.ts" />

/** A test body: may be async, or take a `done` callback (`done()` passes, `done(error)` fails). */
type BridgeTestFn = (() => unknown) | ((done: (error?: unknown) => void) => void);

interface BridgeTestAPI {
  /** Declares a test. Call while the file loads (at the top level or inside describe). */
  (name: string, fn: BridgeTestFn, timeout?: number): void;
  /** Declares a test that is reported as skipped. */
  skip(name: string, fn?: BridgeTestFn, timeout?: number): void;
  /** When any `.only` exists, only those tests (and `describe.only` groups) run. */
  only(name: string, fn: BridgeTestFn, timeout?: number): void;
  /** A test still to be written, reported as skipped. */
  todo(name: string): void;
}

interface BridgeDescribeAPI {
  /** A group of tests; names join with " > ". `fn` must be synchronous. */
  (name: string, fn: () => void): void;
  skip(name: string, fn: () => void): void;
  only(name: string, fn: () => void): void;
}

declare var test: BridgeTestAPI;
declare var it: BridgeTestAPI;
declare var describe: BridgeDescribeAPI;
/** Runs before the first test of the enclosing describe (or file). */
declare function beforeAll(fn: BridgeTestFn, timeout?: number): void;
/** Runs after the last test of the enclosing describe (or file) that runs. */
declare function afterAll(fn: BridgeTestFn, timeout?: number): void;
/** Runs before each test of the enclosing describe (or file). */
declare function beforeEach(fn: BridgeTestFn, timeout?: number): void;
/** Runs after each test of the enclosing describe (or file). */
declare function afterEach(fn: BridgeTestFn, timeout?: number): void;

/** A mock answer: `{result, delayMs?}` or `{error: {code, message, details?}, delayMs?}`. */
type BridgeMockSpec =
  | { result: unknown; delayMs?: number }
  | { error: { code: string; message: string; details?: unknown }; delayMs?: number };

/**
 * Answers calls to `method` for this test (inside a test or its hooks) or for the rest of the
 * file (top level, beforeAll): a value, a spec, or a function of the params.
 */
declare function mock<M extends BridgeMethod>(
  method: M,
  answer: BridgeResult<M> | BridgeMockSpec | ((params: BridgeParams<M>, method: M) => BridgeResult<M> | Promise<BridgeResult<M>>),
): void;
/** The params of each call to `method` made during the current test, in order. */
declare function calls<M extends BridgeMethod>(method: M): BridgeParams<M>[];
/** Every call made during the current test. */
declare function calls(): { method: string; params: unknown }[];

/** Options of `loadPage`; paths are relative to the test file. */
interface BridgePageOptions {
  /** Mocks of this page, before the test's: `{method: value | spec | fn}`, or a mock file. */
  mock?: { [method: string]: unknown } | string;
  /** An offline resource package (routes.json, packages.json) serving http(s) pages and scripts. */
  offline?: string;
  /** A capability file for this page (default: the run's --capabilities). */
  capabilities?: string;
  /** A schema folder validating this page's calls (default: the run's --schemas). */
  schemas?: string;
  /** The page URL (`location.href`) of a local file. */
  url?: string;
}

/** A page loaded by `loadPage`, in its own engine with the standards DOM. */
interface BridgePage {
  /** The page's own global object (shared with the test, not a copy). */
  readonly window: Window & typeof globalThis;
  readonly document: Document;
  /** The page URL (`location.href` as the page was loaded). */
  readonly url: string;
  /** Emits a native event to the page's `bridge.on` listeners; resolves once the page settled. */
  emit(event: string, payload?: unknown): Promise<void>;
  /** Calls a JS handler the page registered (`bridge.register`) and resolves with its answer. */
  callJS<T = unknown>(name: string, data?: unknown, options?: { timeout?: number }): Promise<T>;
  /** The params of each call the page sent to `method`, in order. */
  calls(method: string): unknown[];
  /** Every call the page sent. */
  calls(): { method: string; params: unknown }[];
  /** The page's HTTP requests (empty until the network layer exists). */
  requests(): unknown[];
  /** Every trace event of the page (as `--trace` writes them). */
  trace(): { type: string; seq: number; [field: string]: unknown }[];
  /** The page's uncaught errors and unhandled rejections, one line each. */
  errors(): string[];
  /** Resolves once the page has nothing but timers left to run. */
  settle(): Promise<void>;
  /** Loads another page in a fresh engine; resolves with this page object once it settled. */
  navigate(url: string): Promise<BridgePage>;
  /** Closes the page now (pages also close when the test that loaded them ends). */
  close(): void;
}

/**
 * Loads an .html or .js page (relative to the test file), or a URL of an offline package, in a
 * fresh engine with the standards DOM; resolves after `load`, once the page has settled.
 */
declare function loadPage(pathOrURL: string, options?: BridgePageOptions): Promise<BridgePage>;

/** Checks a value; matchers throw a readable failure. */
interface BridgeMatchers<R> {
  toBe(expected: unknown): R;
  toEqual(expected: unknown): R;
  toMatchObject(expected: object): R;
  toBeTruthy(): R;
  toBeFalsy(): R;
  toBeNull(): R;
  toBeUndefined(): R;
  toBeDefined(): R;
  toBeNaN(): R;
  toContain(item: unknown): R;
  toContainEqual(item: unknown): R;
  toHaveLength(length: number): R;
  toHaveProperty(path: string | (string | number)[], value?: unknown): R;
  toBeInstanceOf(constructor: Function): R;
  toBeGreaterThan(n: number | bigint): R;
  toBeGreaterThanOrEqual(n: number | bigint): R;
  toBeLessThan(n: number | bigint): R;
  toBeLessThanOrEqual(n: number | bigint): R;
  toBeCloseTo(n: number, digits?: number): R;
  toMatch(pattern: string | RegExp): R;
  toThrow(expected?: string | RegExp | Function | Error): R;
  toThrowError(expected?: string | RegExp | Function | Error): R;
  // mock functions and spies
  toHaveBeenCalled(): R;
  toHaveBeenCalledTimes(n: number): R;
  toHaveBeenCalledWith(...args: unknown[]): R;
  toHaveBeenLastCalledWith(...args: unknown[]): R;
  toHaveBeenNthCalledWith(n: number, ...args: unknown[]): R;
  toHaveReturned(): R;
  toHaveReturnedTimes(n: number): R;
  toHaveReturnedWith(value: unknown): R;
  toHaveLastReturnedWith(value: unknown): R;
  toHaveNthReturnedWith(n: number, value: unknown): R;
  toBeCalled(): R;
  toBeCalledTimes(n: number): R;
  toBeCalledWith(...args: unknown[]): R;
  lastCalledWith(...args: unknown[]): R;
  nthCalledWith(n: number, ...args: unknown[]): R;
  toReturn(): R;
  toReturnTimes(n: number): R;
  toReturnWith(value: unknown): R;
  lastReturnedWith(value: unknown): R;
  nthReturnedWith(n: number, value: unknown): R;
  // snapshots
  toMatchSnapshot(hint?: string): R;
  toMatchSnapshot(propertyMatchers: object, hint?: string): R;
  toMatchInlineSnapshot(snapshot?: string): R;
  toMatchInlineSnapshot(propertyMatchers: object, snapshot?: string): R;
  toThrowErrorMatchingSnapshot(hint?: string): R;
}

interface BridgeExpectation extends BridgeMatchers<void> {
  not: BridgeMatchers<void>;
  resolves: BridgeMatchers<Promise<void>> & { not: BridgeMatchers<Promise<void>> };
  rejects: BridgeMatchers<Promise<void>> & { not: BridgeMatchers<Promise<void>> };
}

/** An asymmetric matcher: usable in place of a value inside toEqual, toHaveBeenCalledWith... */
interface BridgeAsymmetricMatcher {
  toString(): string;
}

interface BridgeExpect {
  (received: unknown): BridgeExpectation;
  anything(): BridgeAsymmetricMatcher;
  any(constructor: Function): BridgeAsymmetricMatcher;
  objectContaining(object: object): BridgeAsymmetricMatcher;
  arrayContaining(items: unknown[]): BridgeAsymmetricMatcher;
  stringContaining(text: string): BridgeAsymmetricMatcher;
  stringMatching(pattern: string | RegExp): BridgeAsymmetricMatcher;
}

declare var expect: BridgeExpect;

/** What a mock function recorded. */
interface BridgeMockState<A extends unknown[], R> {
  /** The arguments of each call. */
  calls: A[];
  /** What each call did: returned a value, threw, or has not returned yet. */
  results: { type: "return" | "throw" | "incomplete"; value: unknown }[];
  /** The objects made by `new` calls. */
  instances: unknown[];
  /** `this` of each call. */
  contexts: unknown[];
  /** The order of each call among all mock calls of the file. */
  invocationCallOrder: number[];
  /** The arguments of the last call. */
  lastCall: A | undefined;
}

/** A mock function (`vi.fn()`, `vi.spyOn()`). */
interface BridgeMock<A extends unknown[] = any[], R = any> {
  (...args: A): R;
  new (...args: A): R;
  readonly mock: BridgeMockState<A, R>;
  mockImplementation(fn: (...args: A) => R): this;
  mockImplementationOnce(fn: (...args: A) => R): this;
  mockReturnValue(value: R): this;
  mockReturnValueOnce(value: R): this;
  mockResolvedValue(value: Awaited<R>): this;
  mockResolvedValueOnce(value: Awaited<R>): this;
  mockRejectedValue(error: unknown): this;
  mockRejectedValueOnce(error: unknown): this;
  mockReturnThis(): this;
  mockName(name: string): this;
  getMockName(): string;
  getMockImplementation(): ((...args: A) => R) | undefined;
  /** Forgets the calls. */
  mockClear(): this;
  /** Forgets the calls and the implementations set since (back to the one given to vi.fn). */
  mockReset(): this;
  /** mockReset, and for a spy: puts the original property back. */
  mockRestore(): this;
}

type BridgeFunctionKeys<T> = { [K in keyof T]: T[K] extends (...args: any[]) => any ? K : never }[keyof T];
type BridgeArgs<F> = F extends (...args: infer A) => any ? A : any[];
type BridgeReturn<F> = F extends (...args: any[]) => infer R ? R : any;

interface BridgeVi {
  /** A mock function, calling `impl` (if given). */
  fn<F extends (...args: any[]) => any = (...args: any[]) => any>(impl?: F): BridgeMock<BridgeArgs<F>, BridgeReturn<F>>;
  /** Replaces `object[method]` with a mock that calls the original; restored when the test ends (or by mockRestore). */
  spyOn<T extends object, K extends BridgeFunctionKeys<T>>(object: T, method: K): BridgeMock<BridgeArgs<T[K]>, BridgeReturn<T[K]>>;
  /** Spies on a getter or setter. */
  spyOn<T extends object, K extends keyof T>(object: T, property: K, accessType: "get" | "set"): BridgeMock;
  isMockFunction(value: unknown): value is BridgeMock;
  /** The value itself, typed as a mock (for TypeScript). */
  mocked<T>(value: T): T extends (...args: any[]) => any ? BridgeMock<BridgeArgs<T>, BridgeReturn<T>> & T : T;
  clearAllMocks(): BridgeVi;
  resetAllMocks(): BridgeVi;
  restoreAllMocks(): BridgeVi;

  /** Fake timers for this test (or, at the top level / in beforeAll, the file): setTimeout, setInterval, Date, performance.now. */
  useFakeTimers(config?: { now?: number | Date }): BridgeVi;
  useRealTimers(): BridgeVi;
  isFakeTimers(): boolean;
  advanceTimersByTime(ms: number): BridgeVi;
  advanceTimersByTimeAsync(ms: number): Promise<BridgeVi>;
  advanceTimersToNextTimer(steps?: number): BridgeVi;
  advanceTimersToNextTimerAsync(steps?: number): Promise<BridgeVi>;
  runAllTimers(): BridgeVi;
  runAllTimersAsync(): Promise<BridgeVi>;
  runOnlyPendingTimers(): BridgeVi;
  runOnlyPendingTimersAsync(): Promise<BridgeVi>;
  getTimerCount(): number;
  clearAllTimers(): BridgeVi;
  setSystemTime(time: number | Date): BridgeVi;
  getRealSystemTime(): number;
  /** The (fake or real) time of Date.now(). */
  now(): number;
}

declare var vi: BridgeVi;
declare var jest: BridgeVi;
