"""Build the site with Zensical: `python -m literate.frontends.zensical_build [-f zensical.yml]`
(what `make build-zensical` runs).

It puts the render key (a hash of the packages the pages import, the toolchain and the whole
engine, presentation included) into LITERATE_RENDER_KEY for the extension's configuration, so
Zensical's page cache cannot keep pages rendered by older code; runs Zensical's build in this
process, strict by default; then writes the files beside the pages (zensical_site.py). A failing
block fails it at its page and line, with exit status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from literate.build import Build
from literate.frontends.project import load_settings
from literate.frontends.site_session import SiteError
from literate.frontends.zensical_pages import CONFIG_KEY, RENDER_KEY, for_config, render_key
from literate.frontends.zensical_site import write_site_files
from literate.settings import SettingsError

_TRACEBACK = "\nTraceback (most recent call last):"


def build(config_file: Path, site_dir: str | None = None, strict: bool = True) -> Path:
    """Build the site of config_file (into site_dir, relative to its folder, if given); the
    site's folder. SiteError, SettingsError or RuntimeError (Zensical's) on failure."""
    import zensical
    from zensical.config import get_config

    config_file = config_file.resolve()
    root = config_file.parent
    os.environ[RENDER_KEY] = render_key(Build(load_settings(root)))
    target = config_file
    if site_dir is not None:  # a config of its own, beside (Zensical's root is its folder)
        target = root / f".zensical-{os.getpid()}.yml"
        target.write_text(f"INHERIT: {config_file.name}\nsite_dir: {site_dir}\n", "utf-8")
    try:
        zensical.build(str(target), {"strict": strict, "clean": False})
    except BaseException:
        _cancel()
        raise
    finally:
        if target != config_file:
            target.unlink(missing_ok=True)
    config = get_config()
    pages = for_config(config)  # the pages Zensical rendered, or all anew when it had them cached
    site = (root / config["site_dir"]).resolve()
    write_site_files(pages, site)
    return site


def _cancel() -> None:
    """Stop the workers of a failed build (its pages may still be running)."""
    from zensical.config import get_config

    try:
        config = get_config()
    except Exception:  # the build failed before its configuration was read
        return
    pages = config.get(CONFIG_KEY) if isinstance(config, dict) else None
    if pages is not None:
        pages.session.cancel()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m literate.frontends.zensical_build")
    parser.add_argument("-f", "--config-file", type=Path, default=Path("zensical.yml"))
    parser.add_argument("-d", "--site-dir", help="relative to the config file's folder")
    parser.add_argument("--no-strict", dest="strict", action="store_false")
    options = parser.parse_args(argv)
    try:
        site = build(options.config_file, options.site_dir, options.strict)
    except (SiteError, SettingsError) as error:
        print(error, file=sys.stderr)
        return 1
    except RuntimeError as error:  # Zensical's, with a Python error's traceback inside
        print(str(error).split(_TRACEBACK)[0], file=sys.stderr)
        return 1
    print(f"{site} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
