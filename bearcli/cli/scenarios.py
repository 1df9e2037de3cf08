"""`bearcli scenarios`: the shipped scenarios, each usable by name wherever a scenario is taken."""

from typing import Annotated

import typer

from bearcli.cli import console as consoles
from bearcli.cli.edge import command


def rows() -> list[dict]:
    from bearcli.formats import scenario as scenario_fmt
    from bearcli.formats import shipped

    out = []
    for name in shipped.names():
        scen = scenario_fmt.load(shipped.path(name))
        out.append(
            {
                "name": name,
                "game": scen.game.name,
                "title": scen.title,
                "seats": len(scen.config.seats),
            }
        )
    return out


@command
def scenarios_cmd(
    ctx: typer.Context,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print a JSON list of {name, game, title, seats}."),
    ] = False,
) -> None:
    """List the shipped scenarios: pass a NAME to simulate, play or solve instead of a file.

    \b
    Examples:
      bearcli scenarios
      bearcli scenarios --json
      bearcli play bear-down/two-players      a NAME from the list
    """
    import json

    cons = consoles.get(ctx)
    found = rows()
    if as_json:
        cons.out.print(json.dumps(found, indent=2), markup=False, highlight=False)
        return
    table = [("NAME", "GAME", "TITLE")] + [(r["name"], r["game"], r["title"]) for r in found]
    widths = [max(len(row[i]) for row in table) for i in range(2)]
    for name, game, title in table:
        cons.out.print(
            f"{name:<{widths[0]}}  {game:<{widths[1]}}  {title}", markup=False, highlight=False
        )
