#!/usr/bin/env python3
"""Validates a JUnit XML file against Fixtures/JUnit/JUnit.xsd (the Ant JUnit schema) with
xmlschema, and prints its test cases as JSON for the Swift tests:

  {"valid": true, "errors": [], "tests": n, "failures": n, "properties": {name: value, ...},
   "cases": [{"classname", "name", "failure": type or null, "message": ..., "systemOut": text or null}, ...]}

The Ant schema has no `<system-out>` inside a `<testcase>`, which GitLab and Jenkins read (for
`[[ATTACHMENT|path]]`) and Jenkins' own JUnit schema allows: those are checked to hold only text
and taken out before the rest is validated. A `<properties>` element without a `<property>` is
an error too: the dtkit junit-4 schema of Jenkins' xUnit plugin wants at least one.

Usage: validate-junit.py FILE.xml
"""
import json
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import xmlschema

schema = xmlschema.XMLSchema(str(Path(__file__).resolve().parent.parent.parent / "Fixtures/JUnit/JUnit.xsd"))
tree = ElementTree.parse(sys.argv[1])
suite = tree.getroot().find("testsuite")
cases = []
errors = []
for case in suite.findall("testcase"):
    failure = case.find("failure")
    outputs = case.findall("system-out")
    for output in outputs:
        if len(output) > 0 or output.attrib:
            errors.append("a test case's system-out holds more than text")
        case.remove(output)
    cases.append({
        "classname": case.get("classname"), "name": case.get("name"),
        "failure": failure.get("type") if failure is not None else None,
        "message": failure.get("message") if failure is not None else None,
        "systemOut": "".join(output.text or "" for output in outputs) if outputs else None,
    })
properties = {}
for element in suite.findall("properties"):
    if not element.findall("property"):
        errors.append("an empty <properties/>, which the dtkit junit-4 schema rejects")
    properties.update({item.get("name"): item.get("value") for item in element.findall("property")})
errors += [str(error.reason or error) for error in schema.iter_errors(tree)]
print(json.dumps({"valid": not errors, "errors": errors, "tests": int(suite.get("tests")),
                  "failures": int(suite.get("failures")), "properties": properties, "cases": cases}))
