"""Hero Realms' line of ``python -m game --selftest``: a bundled scenario through the runner."""

from __future__ import annotations


def check_scenario() -> str:
    from game.core.resources import data_path
    from game.core.scenario import OK
    from game.hero_realms import scenario

    path = data_path("scenarios", "selftest.toml")
    result = scenario.run_file(path)
    if result.code != OK:
        raise RuntimeError(f"scenario exit {result.code}: {'; '.join(result.mismatches) or result.output.get('error')}")
    return f"scenario {path.name}: {len(result.output['events'])} events, expectations hold"
