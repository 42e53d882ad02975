#!/usr/bin/env python3
"""Writes a Debian package's changelog and copyright file from the repository's own.

    debian-docs.py changelog PACKAGE VERSION SECTION MAINTAINER EPOCH < CHANGELOG.md
        The Debian changelog entry (deb-changelog(5)) for VERSION: SECTION's part of
        CHANGELOG.md ("Unreleased" or a version), each "### Heading" a [ Heading ] group and
        each bullet a "*" item, wrapped at 78 columns.
    debian-docs.py manpage PAGE
        PAGE, an mdoc page swift-argument-parser's generate-manual wrote ("shapeturns.generate.1",
        "shapeturns scan.1"), under the name git gives its own pages (shapeturns-generate.1):
        the file name it should have on the first line, then the page, with its title, its
        NAME and cross-references renamed alike, references to `help` pages left out, and blank lines
        (which mdoc warns of) made paragraph breaks. A `help` page prints nothing.
    debian-docs.py copyright CHECKOUTS LICENSE BINARY...
        The machine-readable copyright file (copyright-format 1.0): ShapeTurns under LICENSE's
        licence, and the Swift runtime, GCC's C++ runtime (libstdc++) where one is linked in, and
        every Swift package whose modules the unstripped BINARYs hold, found from their symbols
        (`nm`), each with its own licence.

Fails with one line on stderr when the input is not what it expects (no such section, a
licence it does not know), so a package never ships a changelog or copyright that lies.
"""
import email.utils
import os
import re
import subprocess
import sys
import textwrap


def fail(message):
    sys.stderr.write(f"shapeturns package: {message}\n")
    sys.exit(65)


def changelog(package, version, section, maintainer, epoch):
    text = sys.stdin.read()
    heading = re.compile(r"^## \[(.+?)\]")
    lines, inside = [], False
    for line in text.splitlines():
        match = heading.match(line)
        if match:
            if inside:
                break
            inside = match.group(1) == section
            continue
        if inside:
            lines.append(line)
    if not inside and not lines:
        fail(f"CHANGELOG.md has no section [{section}]")
    groups, item = [], None
    for line in lines:
        if line.startswith("### "):
            groups.append((line[4:].strip(), []))
            item = None
        elif line.startswith("- "):
            if not groups:
                groups.append(("Changes", []))
            item = [line[2:].strip()]
            groups[-1][1].append(item)
        elif line.strip() and item is not None:
            item.append(line.strip().lstrip("- ").strip())
        elif not line.strip():
            item = None
    out = [f"{package} ({version}) unstable; urgency=medium", ""]
    for title, items in groups:
        if not items:
            continue
        out.append(f"  [ {title} ]")
        for words in items:
            out.extend(textwrap.wrap(" ".join(words), width=78, initial_indent="  * ",
                                     subsequent_indent="    ", break_on_hyphens=False,
                                     break_long_words=False))
        out.append("")
    if len(out) == 2:
        out += ["  * No change is recorded in CHANGELOG.md for this version.", ""]
    date = email.utils.formatdate(int(epoch), usegmt=False)
    out.append(f" -- {maintainer}  {date}")
    sys.stdout.write("\n".join(out) + "\n")


def page_name(title):
    """`shapeturns.generate` and `shapeturns scan` as shapeturns-generate and shapeturns-scan."""
    return re.sub(r"[ .]", "-", title.strip('"'))


def manpage(path):
    title = os.path.basename(path)[: -len(".1")]
    if title.endswith(".help"):
        return
    lines = open(path, encoding="utf-8").read().splitlines()
    out = []
    # NAME gives the page's name, as whatis and lintian want it (git's pages do the same); the
    # synopsis and the rest keep the command as it is typed, `shapeturns generate`.
    command = None
    for line in lines:
        if line.startswith(".Nm ") and command is None:
            command = line[len(".Nm "):].strip('"')
            line = f".Nm {page_name(title)}"
        elif line == ".Nm" and command is not None and command != page_name(title):
            line = f'.Nm "{command}"'
        elif line.startswith('.Nd "') and line.endswith('"'):
            # Unquoted, so that whatis does not keep the quotes; a word that mdoc would take for
            # a macro (An, No, Ar, ...) is escaped.
            line = ".Nd " + re.sub(r"\b([A-Z][a-z])\b", r"\\&\1", line[len('.Nd "'):-1])
        elif line.startswith(".Dt "):
            line = f".Dt {page_name(title).upper()} 1"
        elif line.startswith(".Xr "):
            match = re.match(r'\.Xr ("[^"]+"|\S+) 1( ,)?$', line)
            if not match:
                fail(f"{path}: unexpected cross-reference: {line}")
            if match.group(1).strip('"').endswith(".help"):
                continue
            line = f".Xr {page_name(match.group(1))} 1 ,"
        elif not line.strip():
            line = ".Pp"
        out.append(line)
    # The last cross-reference of a list ends without a comma; a list left empty goes.
    for index in range(len(out) - 1, -1, -1):
        if out[index].startswith(".Xr "):
            out[index] = out[index].removesuffix(" ,")
            break
    for index, line in enumerate(out):
        if line == '.Sh "SEE ALSO"' and (index + 1 == len(out) or not out[index + 1].startswith(".Xr ")):
            del out[index]
            break
    sys.stdout.write(page_name(title) + ".1\n" + "\n".join(out) + "\n")


# The licences ShapeTurns' dependencies are under, by a phrase of their LICENSE file.
KNOWN_LICENCES = [
    ("Runtime Library Exception", "Apache-2.0 with Swift exception"),
    ("Apache License", "Apache-2.0"),
]


def licence_of(folder):
    for name in sorted(os.listdir(folder)):
        if name.upper().startswith(("LICENSE", "LICENCE", "COPYING")):
            with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as file:
                body = file.read()
            for phrase, licence in KNOWN_LICENCES:
                if phrase in body:
                    return licence
    fail(f"cannot tell the licence of {folder}; add it to scripts/packaging/debian-docs.py")


def modules_in(binary):
    """Swift module names that the binary's mangled symbols start with, and "ICU" when it holds
    ICU's data (Foundation's internationalisation brings it)."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True)
    if listing.returncode != 0:
        fail(f"nm cannot read {binary}: {listing.stderr.strip()}")
    modules = {"ICU"} if re.search(r"\bicudt\d+_dat\b", listing.stdout) else set()
    # libsupc++'s guard functions are defined only where libstdc++ itself is linked in (header
    # templates the Swift runtime instantiates are defined too, but weakly).
    if re.search(r" [Tt] __cxa_guard_acquire$", listing.stdout, re.MULTILINE):
        modules.add("libstdc++")
    for match in re.finditer(r"\$s(\d+)([A-Za-z_][A-Za-z0-9_]*)", listing.stdout):
        length = int(match.group(1))
        name = match.group(2)[:length]
        if len(name) == length:
            modules.add(name)
    return modules


def copyright(checkouts, licence_file, *binaries):
    with open(licence_file, encoding="utf-8") as file:
        if "Apache License" not in file.read(400):
            fail(f"{licence_file} is not the Apache License 2.0; say its licence in debian-docs.py")
    modules = set().union(*(modules_in(binary) for binary in binaries))
    packages = []
    for package in sorted(os.listdir(checkouts)):
        sources = os.path.join(checkouts, package, "Sources")
        if not os.path.isdir(sources):
            continue
        if any(name in modules for name in os.listdir(sources)):
            packages.append((package, licence_of(os.path.join(checkouts, package))))
    holders = ["ShapeTurns developers", "Apple Inc. and the Swift project authors"]
    holders += [f"the authors of {package}" for package, _ in packages]
    licences = ["Apache-2.0", "Apache-2.0 with Swift exception"]
    linked = "the Swift standard library, Foundation and Dispatch"
    if "ICU" in modules:
        holders.append("1991-2024 Unicode, Inc.")
        licences.append("Unicode-3.0")
        linked += ", ICU's code and data (with Foundation)"
    if "libstdc++" in modules:
        holders.append("Free Software Foundation, Inc. (libstdc++)")
        licences.append("GPL-3+ with GCC-runtime-library-3.1 exception")
        linked += ", GCC's C++ runtime, libstdc++ (in /usr/bin/shapeturns)"
    for package, licence in packages:
        if licence not in licences:
            licences.append(licence)
    linked += "".join(f", {package} ({licence})" for package, licence in packages)
    stanzas = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: ShapeTurns\n"
        "Upstream-Contact: ShapeTurns developers\n",
        "Files: *\nCopyright: ShapeTurns developers\nLicense: Apache-2.0\n",
        "Files: usr/bin/* usr/libexec/*\nCopyright: " + "\n ".join(holders) + "\n"
        "License: " + " and ".join(licences) + "\n"
        + "\n ".join(textwrap.wrap(f"Comment: Linked statically into the executables: {linked}.", width=78, break_on_hyphens=False))
        + "\n",
        "License: Apache-2.0\n"
        " On Debian systems, the full text of the Apache License, Version 2.0 can be\n"
        " found in /usr/share/common-licenses/Apache-2.0.\n",
        "License: Apache-2.0 with Swift exception\n"
        " The Apache License, Version 2.0 (/usr/share/common-licenses/Apache-2.0),\n"
        " with the Runtime Library Exception of the Swift project:\n"
        " .\n"
        " As an exception, if you use this Software to compile your source code and\n"
        " portions of this Software are embedded into the binary product as a result,\n"
        " you may redistribute such product without providing attribution as would\n"
        " otherwise be required by Sections 4(a), 4(b) and 4(d) of the License.\n",
    ]
    if "libstdc++" in modules:
        with open(os.path.join(os.path.dirname(__file__), "gcc-runtime-library-exception-3.1.txt"), encoding="utf-8") as file:
            text = file.read().strip("\n").split("\n")
        stanzas.append(
            "License: GPL-3+ with GCC-runtime-library-3.1 exception\n"
            " libstdc++ is under the GNU General Public License, version 3 or later\n"
            " (/usr/share/common-licenses/GPL-3), with this exception:\n .\n"
            + "\n".join(f" {line}" if line else " ." for line in text) + "\n")
    if "ICU" in modules:
        with open(os.path.join(os.path.dirname(__file__), "unicode-license-v3.txt"), encoding="utf-8") as file:
            text = file.read().strip("\n").split("\n")
        stanzas.append("License: Unicode-3.0\n" + "\n".join(f" {line}" if line else " ." for line in text) + "\n")
    sys.stdout.write("\n".join(stanzas))


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "changelog":
        changelog(*sys.argv[2:])
    elif len(sys.argv) == 3 and sys.argv[1] == "manpage":
        manpage(sys.argv[2])
    elif len(sys.argv) >= 5 and sys.argv[1] == "copyright":
        copyright(*sys.argv[2:])
    else:
        fail("usage: debian-docs.py changelog PACKAGE VERSION SECTION MAINTAINER EPOCH "
             "| manpage PAGE | copyright CHECKOUTS LICENSE BINARY...")
