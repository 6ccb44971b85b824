"""The games shipped with cardrules, each a plugin registered under the ``cardrules.games`` entry points."""
