"""A fight played headless until it is killed, for the kill-and-resume test.

`python tests/autosave_child.py MAP SEED`: the computer plays every side of MAP with the autosave
on (under $HEXBATTLE_AUTOSAVE_DIR), going on with the map's newest unfinished autosaved fight
when there is one. It prints "ready" once loaded, "started N" once the fight (of N actions)
is autosaved, and after each accepted action is autosaved how many actions the fight has, so
the test knows what was on the disk when it killed this process.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.players.plain import play  # noqa: E402
from game.savefile import battle_from_map  # noqa: E402
from game.savefile.autosave import Autosave  # noqa: E402
from game.savefile.places import autosave_root, unfinished  # noqa: E402
from game.savefile.recovery import resume_and_autosave  # noqa: E402


def main(map_path: Path, seed: str) -> None:
    print("ready", flush=True)  # loaded: what follows is resuming (or starting) and playing
    found = unfinished(autosave_root(), map_path)
    if found is not None:
        battle = resume_and_autosave(found.folder)[0].battle
    else:
        battle = battle_from_map(map_path, seed)
        Autosave.new_fight(battle)
    print(f"started {len(battle.actions)}", flush=True)
    battle.watch(lambda b: print(len(b.actions), flush=True))  # after the autosave's own watcher
    play(battle)
    print("over", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
