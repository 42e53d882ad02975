#!/usr/bin/env python3
"""Validates a JUnit XML file against Fixtures/JUnit/JUnit.xsd (the Ant JUnit schema) with
xmlschema, and prints its test cases as JSON for the Swift tests:

  {"valid": true, "errors": [], "tests": n, "failures": n,
   "cases": [{"classname", "name", "failure": type or null, "message": ...}, ...]}

Usage: validate-junit.py FILE.xml
"""
import json
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import xmlschema

schema = xmlschema.XMLSchema(str(Path(__file__).resolve().parent.parent.parent / "Fixtures/JUnit/JUnit.xsd"))
errors = [str(error.reason or error) for error in schema.iter_errors(sys.argv[1])]
suite = ElementTree.parse(sys.argv[1]).getroot().find("testsuite")
cases = []
for case in suite.findall("testcase"):
    failure = case.find("failure")
    cases.append({
        "classname": case.get("classname"), "name": case.get("name"),
        "failure": failure.get("type") if failure is not None else None,
        "message": failure.get("message") if failure is not None else None,
    })
print(json.dumps({"valid": not errors, "errors": errors, "tests": int(suite.get("tests")),
                  "failures": int(suite.get("failures")), "cases": cases}))
