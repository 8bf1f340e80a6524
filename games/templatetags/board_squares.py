"""The checkerboard component's squares in a template (games/boards.py, docs/board.md):

{{ board_squares.squares(row, interactive) }}     (Jinja2: games/board/grid.jinja)
"""

from django import template

from games.boards import squares

register = template.Library()
register.simple_tag(squares)
