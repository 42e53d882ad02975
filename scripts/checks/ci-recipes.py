"""Runs the CI recipes of Examples/CI as their CI services would, on this machine.

Each recipe is parsed from its YAML; every `run:` step (GitHub Actions) and every
`before_script`/`script` line (GitLab CI) is executed, as written, in a fresh copy of the
example project, with the shell and the failure rules of that service. The actions a workflow
`uses:` cannot run here, so each one is played by a stand-in that does what it would with the
files the run left (checkout, upload-artifact, a JUnit reporter); a recipe that uses any other
action fails the check. ShapeTurns' own checkout (`.shapeturns`) is this repository, as a
restored cache or a checkout of it would be.

Each recipe runs twice: with the approved screenshots as committed, where every step must pass
and the JUnit file must hold only passed cases; and with one approved screenshot changed, where
the compare step must fail with exit status 1, the job must fail, and the steps that run always
must still find the report and a JUnit file whose one failure attaches a diff that exists.

usage: ci-recipes.py REPOSITORY_ROOT
"""

import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import yaml
from PIL import Image

KNOWN_ACTIONS = ("actions/checkout", "actions/upload-artifact", "mikepenz/action-junit-report")


class RecipeFailure(Exception):
    pass


def run_script(text, workspace, environment, shell):
    """Runs one step's text with the service's shell; returns its exit status."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as script:
        script.write(text)
    try:
        print(f"ci-recipes: $ {text.strip()}", file=sys.stderr, flush=True)
        return subprocess.run(shell + [script.name], cwd=workspace, env=environment).returncode
    finally:
        os.unlink(script.name)


def check_junit(path, workspace, expect_failures):
    """Reads the JUnit file as a reporter would and checks its verdicts and attachments."""
    if not os.path.isfile(path):
        raise RecipeFailure(f"the JUnit file {path} is missing")
    cases = ElementTree.parse(path).getroot().iter("testcase")
    failed = []
    count = 0
    for case in cases:
        count += 1
        if case.find("failure") is not None:
            failed.append(case)
    if count == 0:
        raise RecipeFailure(f"{path} holds no test case")
    if len(failed) != expect_failures:
        raise RecipeFailure(f"{path}: {len(failed)} failed cases, expected {expect_failures}")
    for case in failed:
        output = case.findtext("system-out") or ""
        if not output.startswith("[[ATTACHMENT|") or not output.endswith("]]"):
            raise RecipeFailure(f"{path}: the failed case {case.get('name')} attaches nothing")
        attachment = os.path.join(workspace, output[len("[[ATTACHMENT|"):-2])
        if not os.path.isfile(attachment):
            raise RecipeFailure(f"{path}: the attachment {attachment} does not exist")
    return count


def play_action(step, workspace, repository, expect_failures):
    """Does what the action a step uses would do, or refuses an action it does not know."""
    uses = step["uses"]
    name = uses.split("@")[0]
    options = step.get("with") or {}
    if name not in KNOWN_ACTIONS:
        raise RecipeFailure(f"the recipe uses {uses}, which this check cannot play")
    if "@" not in uses:
        raise RecipeFailure(f"{uses} names no version")
    if name == "actions/checkout":
        if "path" in options:
            os.symlink(repository, os.path.join(workspace, options["path"]))
        return
    if name == "actions/upload-artifact":
        path = os.path.join(workspace, options["path"])
        if not os.path.isfile(os.path.join(path, "index.html")):
            raise RecipeFailure(f"upload-artifact: {options['path']} holds no report")
        return
    count = check_junit(os.path.join(workspace, options["report_paths"]), workspace, expect_failures)
    print(f"ci-recipes: {options['report_paths']}: {count} cases, {expect_failures} failed", file=sys.stderr)


def run_github(recipe, workspace, repository, expect_failures):
    """Runs a workflow's one job as a runner does: steps in order, `if: always()` after a failure.

    Returns the failed step's name and exit status, or None.
    """
    (job,) = recipe["jobs"].values()
    if (recipe.get("defaults") or {}).get("run", {}).get("shell") != "bash":
        raise RecipeFailure("the workflow does not run its steps with bash")
    shell = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]
    environment = dict(os.environ, GITHUB_WORKSPACE=workspace, CI="true", GITHUB_ACTIONS="true")
    failed_step = None
    for step in job["steps"]:
        condition = step.get("if", "success()")
        if failed_step is not None and condition not in ("always()", "failure()"):
            continue
        if failed_step is None and condition == "failure()":
            continue
        if "uses" in step:
            play_action(step, workspace, repository, expect_failures)
        else:
            status = run_script(step["run"], workspace, environment, shell)
            if status != 0:
                failed_step = (step.get("name", step["run"]), status)
    return failed_step


def run_gitlab(recipe, workspace, repository, expect_failures):
    """Runs a job's lines the way a GitLab runner does: before_script and script in one shell that stops at the first failure."""
    (job,) = [value for key, value in recipe.items() if isinstance(value, dict) and "script" in value]
    cached = [path.rstrip("/") for path in job["cache"]["paths"]]
    if cached != [".shapeturns"]:
        raise RecipeFailure(f"the job caches {cached}, not ShapeTurns' checkout")
    os.symlink(repository, os.path.join(workspace, ".shapeturns"))
    environment = dict(os.environ, CI="true", GITLAB_CI="true", CI_PROJECT_DIR=workspace)
    environment.update({key: str(value) for key, value in job.get("variables", {}).items()})
    lines = job.get("before_script", []) + job["script"]
    status = run_script("set -eo pipefail\n" + "\n".join(lines) + "\n", workspace, environment, ["bash"])
    artifacts = job["artifacts"]
    if artifacts.get("when") != "always":
        raise RecipeFailure("the job keeps its artifacts only when it passes")
    for path in artifacts["paths"]:
        if not os.path.isfile(os.path.join(workspace, path, "index.html")):
            raise RecipeFailure(f"artifacts: {path} holds no report")
    junit = artifacts["reports"]["junit"]
    count = check_junit(os.path.join(workspace, junit), workspace, expect_failures)
    print(f"ci-recipes: {junit}: {count} cases, {expect_failures} failed", file=sys.stderr)
    return None if status == 0 else ("script", status)


def change_one_screenshot(workspace):
    """Paints a 3x2 block into one approved screenshot, as a change in the product would."""
    folder = os.path.join(workspace, "approved-screenshots")
    first = sorted(os.path.join(d, f) for d, _, files in os.walk(folder) for f in files if f.endswith(".png"))[0]
    image = Image.open(first).convert("RGBA")
    for x in range(10, 13):
        for y in range(10, 12):
            image.putpixel((x, y), (0, 160, 255, 255))
    image.save(first)


def main():
    repository = os.path.abspath(sys.argv[1])
    example = os.path.join(repository, "Examples", "CI")
    runners = {"github-actions.yml": run_github, "gitlab-ci.yml": run_gitlab}
    for file, runner in runners.items():
        with open(os.path.join(example, file)) as stream:
            recipe = yaml.safe_load(stream)
        for changed in (False, True):
            workspace = tempfile.mkdtemp(prefix="ci-recipe-")
            try:
                shutil.copytree(os.path.join(example, "approved-screenshots"), os.path.join(workspace, "approved-screenshots"))
                if changed:
                    change_one_screenshot(workspace)
                print(f"ci-recipes: {file}, {'one screenshot changed' if changed else 'as approved'}", file=sys.stderr)
                failed_step = runner(recipe, workspace, repository, 1 if changed else 0)
                if changed and failed_step is None:
                    raise RecipeFailure(f"{file}: the job passed with a changed screenshot")
                if changed and (failed_step[1] != 1 or not failed_step[0].lower().startswith(("compare", "script"))):
                    raise RecipeFailure(f"{file}: '{failed_step[0]}' ended with {failed_step[1]}, not the comparison with 1")
                if not changed and failed_step is not None:
                    raise RecipeFailure(f"{file}: '{failed_step[0]}' failed with {failed_step[1]}")
            except RecipeFailure as failure:
                print(f"ci-recipes: {failure}", file=sys.stderr)
                sys.exit(1)
            finally:
                shutil.rmtree(workspace, ignore_errors=True)
                # The next run starts as a fresh container would, without the package.
                subprocess.run(["apt-get", "remove", "-y", "-qq", "shapeturns"], stdout=subprocess.DEVNULL)
    print("ci-recipes: both recipes ran as their services would run them", file=sys.stderr)


if __name__ == "__main__":
    main()
