// TypeScript declarations of the `bridge` SDK BridgeRuntime installs in every page, written by
// `bridge-run types`. Add this file to your tsconfig's "include" (or reference it with
// /// <reference path="bridge.d.ts" />). With the typings `bridge-run docs --format typescript`
// generates from the protocol schemas next to it, bridge.call is typed per action: unknown
// methods, misspelt params and wrong result types are compile errors.

/**
 * The actions of the project's protocol schemas: `{ "user.get": { params: ...; result: ... } }`.
 * Empty here; `bridge-protocol.d.ts` (`bridge-run docs --format typescript`) fills it.
 */
interface BridgeActionMap {}

/** An action name: any string until the protocol typings declare the actions, then only those. */
type BridgeMethod = [keyof BridgeActionMap] extends [never] ? string : Extract<keyof BridgeActionMap, string>;
/** The params of action `M` (`unknown` without protocol typings). */
type BridgeParams<M> = M extends keyof BridgeActionMap ? (BridgeActionMap[M] extends { params: infer P } ? P : unknown) : unknown;
/** The result of action `M` (`unknown` without protocol typings). */
type BridgeResult<M> = M extends keyof BridgeActionMap ? (BridgeActionMap[M] extends { result: infer R } ? R : unknown) : unknown;

/** The stable error codes of the runtime (docs/error-codes.md); native handlers may add their own. */
type BridgeErrorCode =
  | "INVALID_MESSAGE"
  | "METHOD_NOT_FOUND"
  | "VALIDATION_FAILED"
  | "PERMISSION_DENIED"
  | "HANDLER_ERROR"
  | "TIMEOUT"
  | "CANCELLED"
  | "PAYLOAD_TOO_LARGE"
  | "RATE_LIMITED"
  | (string & {});

/** The error a bridge call rejects with (or passes to a `post` callback). */
interface BridgeError extends Error {
  readonly name: "BridgeError";
  /** Stable code, e.g. `VALIDATION_FAILED`. */
  readonly code: BridgeErrorCode;
  /** Extra data, `null` when there is none; for `VALIDATION_FAILED` the list of `{path, message}`. */
  readonly details: unknown;
}

/** Options of one call. */
interface BridgeCallOptions {
  /** Milliseconds before the call rejects with code `TIMEOUT` (default: the action's, else 10 s). */
  timeout?: number;
  /** Receives the progress payloads of a long call. */
  onProgress?: (progress: unknown) => void;
  /** The message handler to post to (default `bridge`). */
  handler?: string;
}

/** The bridge SDK (also reachable as `bridgeSDK` when a page declares its own `bridge`). */
interface BridgeSDK {
  /** Calls a native action; resolves with its result, rejects with a `BridgeError`. */
  call<M extends BridgeMethod>(method: M, params?: BridgeParams<M>, options?: BridgeCallOptions): Promise<BridgeResult<M>>;
  /** Callback style: `callback(error, result)`; `params` may be left out. */
  post<M extends BridgeMethod>(method: M, callback: (error: BridgeError | null, result: BridgeResult<M> | undefined) => void): void;
  post<M extends BridgeMethod>(method: M, params: BridgeParams<M>, callback?: (error: BridgeError | null, result: BridgeResult<M> | undefined) => void): void;
  /** Listens to a native-to-JS event; events sent before the first listener are queued. */
  on(event: string, listener: (payload: unknown) => void): BridgeSDK;
  /** Stops listening (without a listener: removes them all). */
  off(event: string, listener?: (payload: unknown) => void): BridgeSDK;
  /** Registers a JS handler native code can call (`callJS`); it may return a Promise. */
  register(name: string, handler: (params: unknown) => unknown): BridgeSDK;
  /** Removes a JS handler. */
  unregister(name: string): BridgeSDK;
}

/** The message handler protocol: `webkit.messageHandlers.bridge.postMessage({method, params, callbackId})`. */
interface BridgeMessageHandler {
  postMessage(body: { method: string; params?: unknown; callbackId?: string }): void;
}

declare var bridge: BridgeSDK;
declare var bridgeSDK: BridgeSDK;
declare var webkit: { messageHandlers: { [name: string]: BridgeMessageHandler } };
