"""Every memo is only a speed-up: a fight on every bundled map played with every memo off
(`HEXBATTLE_MEMO=off`, game/memo.py) is told byte for byte as the same fight with memos on."""

import json
import os
import subprocess
import sys
from pathlib import Path

import memo_kit

from game import memo

KIT = Path(memo_kit.__file__)


def _fights_in_a_process(setting: str) -> dict[str, str]:
    env = {**os.environ, "HEXBATTLE_MEMO": setting}
    done = subprocess.run([sys.executable, str(KIT)], capture_output=True, text=True, env=env, check=True,
                          cwd=KIT.parent.parent)
    return json.loads(done.stdout)


def test_fights_with_every_memo_off_are_told_as_with_them_on():
    assert memo.REMEMBERING
    remembering = memo_kit.fights()
    forgetting = _fights_in_a_process("off")
    assert set(forgetting) == set(remembering) == {p.stem for p in memo_kit.MAPS.glob("*.tmx")}
    for name, fight in remembering.items():
        assert forgetting[name] == fight, f"{name}: the fight differs with every memo off"


def test_the_switch_turns_the_memos_off_in_a_process_that_asks():
    code = ("from game import memo, ecs, terrain\n"
            "print(memo.REMEMBERING, type(memo.recall(\"lines\", 4)).__name__, memo.scene_memo().__class__.__name__)\n")
    env = {**os.environ, "HEXBATTLE_MEMO": "off"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ["False", "_Forgetting", "Forgetful"]
