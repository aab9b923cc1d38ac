"""The browser side: static pages, no build step.

Each game's page module draws it, served from the game's own package
(``GamePlugin.page``); the pages here are game-independent.
"""
