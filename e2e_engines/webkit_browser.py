#!/usr/bin/python3
"""A WebKitGTK browser for WebKitWebDriver that keeps its website data on disk, as a player's does.

WebKitWebDriver starts the browser named in `webkitgtk:browserOptions` and drives it over the
inspector server it names in WEBKIT_INSPECTOR_SERVER. Its default browser, MiniBrowser, keeps
all website data in memory when it runs for automation (`--automation` makes it ephemeral,
like a private window), and an ephemeral WebKit empties a Cache Storage cache once no page or
worker refers to it: the cache's name stays, its entries go (docs/testing.md, "WebKit and the
offline copy"). A player's WebKit (GNOME Web, Safari) keeps them on disk, so this one does too,
in the profile folder `webkit.py` makes for each session (and deletes after it).

Run by Debian's Python, which has the GObject bindings (python3-gi, gir1.2-webkit2-4.1): the
suite's virtualenv has not. Usage: webkit_browser.py --profile DIR
"""

import argparse
import os

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

NAME = "hex-table-webkit"  # the browserName the suite asks WebKitWebDriver for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", required=True, help="the folder for website data and caches")
    profile = parser.parse_args().profile
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=os.path.join(profile, "data"), base_cache_directory=os.path.join(profile, "cache"))
    context = WebKit2.WebContext(website_data_manager=manager)
    context.set_automation_allowed(True)
    windows: list[Gtk.Window] = []

    def new_view(_session: WebKit2.AutomationSession) -> WebKit2.WebView:
        view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
        window = Gtk.Window()
        window.set_default_size(1280, 900)
        window.add(view)
        windows.append(window)

        def closed(_view: WebKit2.WebView) -> None:
            windows.remove(window)
            window.destroy()
            if not windows:
                Gtk.main_quit()

        view.connect("close", closed)
        window.show_all()
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        info = WebKit2.ApplicationInfo()
        info.set_name(NAME)
        info.set_version(WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version())
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    main()
