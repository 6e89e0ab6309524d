#!/usr/bin/env python3
"""Differential test: do the exported JSON Schemas accept/refuse exactly what BridgeRuntime does?

Usage:
    jsonschema-differential.py --schemas DIR --verdicts FILE

  DIR      holds one `<action>.schema.json` per action (`bridge-run docs --format jsonschema`).
  FILE     JSON Lines, one payload per line, as written by the Swift test
           `JSONSchemaDifferentialTests`:
             {"method": "nav.open", "params": {...}, "valid": true, "source": "payloads.jsonl:3"}
           `valid` is BridgeRuntime's verdict; `params` is the value exactly as the Swift
           validator saw it (re-encoded by JSONValue), so number parsing is the same on both sides.

Every payload is validated with Python's `jsonschema` (draft 2020-12) against its action's schema
and the verdicts are compared.

Exit status: 0 all agree · 1 some disagree (each printed) · 2 bad arguments or input ·
77 skipped (python3 too old or `jsonschema` not installed; the reason is printed).
"""

import argparse
import json
import os
import sys

SKIP = 77


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--schemas", required=True, help="folder of <action>.schema.json files")
    ap.add_argument("--verdicts", required=True, help="JSON Lines of {method, params, valid, source}")
    ap.add_argument("--quiet", action="store_true", help="print only disagreements and the summary")
    args = ap.parse_args()

    try:
        import jsonschema  # noqa: F401
        from jsonschema import Draft202012Validator
    except ImportError as e:  # pragma: no cover - depends on the machine
        print(f"SKIP: Python package 'jsonschema' is not available ({e}); pip install jsonschema")
        return SKIP

    validators = {}
    try:
        names = sorted(os.listdir(args.schemas))
    except OSError as e:
        print(f"error: cannot read schema folder {args.schemas}: {e}", file=sys.stderr)
        return 2
    for name in names:
        if not name.endswith(".schema.json"):
            continue
        path = os.path.join(args.schemas, name)
        try:
            with open(path, encoding="utf-8") as f:
                schema = json.load(f)
            Draft202012Validator.check_schema(schema)
        except Exception as e:  # noqa: BLE001 - report any broken schema the same way
            print(f"error: {path}: not a valid draft 2020-12 schema: {e}", file=sys.stderr)
            return 2
        validators[name[: -len(".schema.json")]] = Draft202012Validator(schema)

    if not validators:
        print(f"error: no *.schema.json in {args.schemas}", file=sys.stderr)
        return 2

    checked = agreed = 0
    disagreements = []
    try:
        with open(args.verdicts, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        print(f"error: cannot read verdicts {args.verdicts}: {e}", file=sys.stderr)
        return 2
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            method, params, ours = record["method"], record["params"], record["valid"]
        except (ValueError, KeyError, TypeError) as e:
            print(f"error: {args.verdicts}:{number}: bad verdict record: {e}", file=sys.stderr)
            return 2
        source = record.get("source", f"{args.verdicts}:{number}")
        validator = validators.get(method)
        if validator is None:
            print(f"error: {source}: no JSON Schema for method {method!r}", file=sys.stderr)
            return 2
        errors = sorted(validator.iter_errors(params), key=lambda e: list(e.absolute_path))
        theirs = not errors
        checked += 1
        if theirs == ours:
            agreed += 1
            if not args.quiet:
                print(f"ok   {source} {method}: both {'accept' if ours else 'refuse'}")
        else:
            why = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors[:3])
            disagreements.append(
                f"DIFF {source} {method}: BridgeRuntime {'accepts' if ours else 'refuses'}, "
                f"jsonschema {'accepts' if theirs else 'refuses'}"
                + (f" ({why})" if why else "")
                + f"\n     params: {json.dumps(params, ensure_ascii=False, sort_keys=True)}"
            )

    for d in disagreements:
        print(d)
    print(f"{checked} payloads, {agreed} agree, {len(disagreements)} disagree "
          f"(jsonschema {_version()}, {len(validators)} schemas)")
    return 1 if disagreements else 0


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:  # noqa: BLE001
        return "unknown version"


if __name__ == "__main__":
    sys.exit(main())
