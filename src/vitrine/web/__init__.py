"""The browser side: static pages, no build step.  ``static/games/<name>.js`` draws one game."""
