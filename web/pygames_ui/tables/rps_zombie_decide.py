"""Камень, ножницы, бумага и … ЗОМБИ!!!: the pending decision, asked in plain words.

:func:`decision` renders the prompt of the table's decision panel: for the
player to move, one button per legal answer (answers with the same effect share
one button, :func:`alike_groups`); for everyone else, what is being decided.
Everything comes from ``view`` and ``legal_actions``; nothing here knows the
rules beyond wording them.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from pygames_core.base import Action

from ..dom import button, esc
from .base import Ctx
from .rps_zombie_cards import card_html, chip, kind_name
from .rps_zombie_log import cards_line, names, outcome_line, poss


def choice_key(action: Action) -> str:
    """The ``data-choice`` of a decision button (the zombie of a defence is fixed by the pending threat)."""
    kind = action["type"]
    if kind == "pass":
        return "pass"
    value = action.get("with", action.get("kind"))
    return f"{kind}:{value}"


def alike_groups(legal: list[Action]) -> list[list[Action]]:
    """The legal actions grouped by their effect for the player, in order; the first of a group is the one to send.

    The rules (docs/rules/rps_zombie.md, the trophy contest): "the first block or dump ends the contest: all
    competing cards (and the spent trophy) are discarded, nobody wins".  So blocking with a
    trophy of a kind and throwing a trophy of that kind away are one move; every other answer
    differs from the rest whatever the cards still hidden in the draw pile.
    """
    groups: list[list[Action]] = []
    blocks: dict[str, list[Action]] = {}
    for action in legal:
        kind = action.get("with") if action["type"] == "block" else action.get("kind") if action["type"] == "dump" else None
        if kind is not None and kind in blocks:
            blocks[kind].append(action)
            blocks[kind].sort(key=lambda x: x["type"] != "block")  # the block is sent: it says what it does to the winner
            continue
        group = [action]
        groups.append(group)
        if kind is not None:
            blocks[kind] = group
    return groups


def decision(ctx: Ctx) -> str:
    t, v = ctx.t, ctx.view
    pend = v["pending"]
    cur = v["current_player"]
    lines: list[str] = []
    buttons = ""
    if v["over"]:
        prompt = esc(t("table.game_over"))
    elif ctx.my_turn and pend is not None:
        prompt, lines, choices = _ask(ctx, pend)
        if ctx.waiting:  # (the question stays under it, the chosen answer lit)
            prompt = esc(t("confirm.prompt"))
        elif ctx.frame.turn_banner is not None:  # several people at one device: whose question it is
            prompt = f'{t("table.your_turn_named", name=ctx.name(ctx.seat))} {prompt}'
        # Which question the buttons answer: the next question's "Pass" is another button, and the
        # keyboard focus must not stay on it as if it were the one just pressed (focus.FOCUS_KEYS).
        ask = format(zlib.crc32(json.dumps(pend, sort_keys=True).encode()), "x")
        buttons = (f'<div class="rz-choices" role="group" aria-label="{esc(t("rz.choices"))}">'
                   f'{"".join(_button(c, ask) for c in choices)}</div>')
    else:
        prompt, lines = _waiting(ctx, pend, cur)
        if v["players"][ctx.seat]["out"] and ctx.seats[ctx.seat].is_human:
            lines.append(esc(t("rz.you_out")))
    body = "".join(f'<p class="rz-line">{x}</p>' for x in lines)
    cls = "rz-decision" + (" mine" if ctx.my_turn else "")
    return (f'<section class="{cls}" aria-label="{esc(t("rz.decision"))}">'
            f'<p class="prompt" id="prompt" tabindex="-1" data-my-turn="{str(ctx.my_turn).lower()}">{prompt}</p>'
            f"{body}{buttons}</section>")


#: One decision button: the action it sends, its label and note (safe HTML), its extra class.
Choice = tuple[Action, str, str, str]


def _choice(action: Action, label: str, note: str = "", cls: str = "") -> Choice:
    return action, label, note, cls


def _button(choice: Choice, ask: str) -> str:
    action, label, note, cls = choice
    # (a screen reader reads the label and the note as one name: a comma between them, at the
    # label's end, as the two are blocks and a space comes between them: "trophy , the" it read)
    comma, extra = ('<span class="sr">,</span>', f'<span class="rz-note">{note}</span>') if note else ("", "")
    return button(f'<span class="rz-label">{label}{comma}</span>{extra}', "decide", ("rz-choice " + cls).strip(),
                  choice=choice_key(action), ask=ask)


def all_out(view: dict[str, Any]) -> bool:
    """The game ended with nobody left: those who went out in its last round share a draw."""
    winners = view["winners"]
    return bool(view["over"] and len(winners) > 1 and all(view["players"][w]["out"] for w in winners))


def choice_words(ctx: Ctx, action: Action) -> str | None:
    """The move as its button says it, first letter small ("throw away your Paper trophy"), for a
    hint or a move waiting to be confirmed (safe HTML; ``None`` when no button makes it)."""
    if action.get("type") == "choose_trophy" and ctx.my_turn:  # (its button is the card alone)
        return ctx.t("rz.words.choose", card=chip(ctx.t, action["kind"]))
    label = choice_label(ctx, action)
    return None if not label else label[0].lower() + label[1:]


def choice_label(ctx: Ctx, action: Action) -> str | None:
    """What the button that makes ``action`` says (safe HTML), for a hint or a move waiting to be
    confirmed; ``None`` when no such button shows."""
    pend = ctx.view["pending"]
    if not ctx.my_turn or pend is None:
        return None
    key = next((choice_key(g[0]) for g in alike_groups(ctx.legal) if action in g), None)
    return next((label for a, label, _, _ in _ask(ctx, pend)[2] if choice_key(a) == key), None)


def question(ctx: Ctx) -> str | None:
    """The prompt of the viewer's decision now (safe HTML), if he has one."""
    pend = ctx.view["pending"]
    return _ask(ctx, pend)[0] if ctx.my_turn and pend is not None and not ctx.view["over"] else None


def _ask(ctx: Ctx, pend: dict[str, Any]) -> tuple[str, list[str], list[Choice]]:
    """The prompt, explanation lines and one button per legal action for the player to decide."""
    t, v = ctx.t, ctx.view
    me = ctx.seat
    decision = pend["decision"]
    lines: list[str] = []
    choices: list[Choice] = []
    if decision == "choose_trophy":
        prompt = esc(t("rz.ask.choose"))
        lines.append(esc(t("rz.ask.choose_hint")))
        for a in ctx.legal:
            choices.append(_choice(a, card_html(t, a["kind"]), cls="pick"))
        return prompt, lines, choices
    player = v["players"][me]
    brains, trophies = player["brains"], player["trophies"]
    if decision == "defend":
        z = pend["zombie_of"]
        prompt = t("rz.ask.defend", whom=poss(ctx, z))
        if pend["shield"]:
            lines.append(esc(t("rz.ask.bite_shield")))
        elif brains <= 1:
            lines.append(esc(t("rz.ask.bite_out")))
        else:
            line = esc(t.plural("rz.ask.bite_own", brains - 1))
            if len(trophies) > brains - 1:
                line += " " + esc(t("rz.ask.bite_drop"))
            lines.append(line)
        later = [th["zombie_of"] for th in v["threats"][1:] if th["target"] == me]
        if later:
            lines.append(t("rz.ask.more", whom=names(ctx, later)))
        revealed = v["revealed"][me]
        for a in ctx.legal:
            how = a["with"]
            if how == "revealed":
                choices.append(_choice(a, t("rz.btn.kill_revealed", card=chip(t, revealed)),
                                            esc(t("rz.note.kill_revealed"))))
            elif how == "none":
                if pend["shield"]:
                    label, note = t("rz.btn.bite_shield"), t("rz.note.bite_shield")
                elif brains <= 1:
                    label, note = t("rz.btn.bite"), t("rz.note.bite_out")
                else:
                    label, note = t("rz.btn.bite"), t("rz.note.bite")
                choices.append(_choice(a, esc(label), esc(note), cls="bite"))
            else:
                choices.append(_choice(a, t("rz.btn.kill_trophy", card=chip(t, how)),
                                            esc(t("rz.note.kill_trophy"))))
        return prompt, lines, choices
    if decision == "drop_trophy":
        prompt = esc(t.plural("rz.ask.drop", brains))
        lines.append(esc(t("rz.ask.drop_hint")))
        for a in ctx.legal:
            choices.append(_choice(a, t("rz.btn.drop", card=chip(t, a["kind"]))))
        return prompt, lines, choices
    # contest
    cards, outcome = pend["cards"], pend["outcome"]
    prompt = esc(t("rz.ask.contest"))
    lines.append(t("rz.contest.cards", cards=cards_line(ctx, cards)))
    lines.append(outcome_line(ctx, outcome, cards, me))
    after = [q for q in pend["may_intervene"] if q != me]
    if after:
        lines.append(t("rz.ask.after", who=names(ctx, after)))
    for group in alike_groups(ctx.legal):
        a = group[0]
        if len(group) > 1:  # a block and a dump of the same trophy: one button says they are one move
            w = outcome["winner"]
            choices.append(_choice(
                a, t("rz.btn.block_dump", card=chip(t, a["with"])),
                t("rz.note.block_dump", cards=esc(kind_name(t, cards[w]))), cls="same"))
        elif a["type"] == "block":
            w = outcome["winner"]
            choices.append(_choice(
                a, t("rz.btn.block", card=chip(t, a["with"])),
                t("rz.note.block", card=esc(kind_name(t, a["with"])), cards=esc(kind_name(t, cards[w])),
                  who=ctx.name(w))))
        elif a["type"] == "dump":
            choices.append(_choice(a, t("rz.btn.dump", card=chip(t, a["kind"])), esc(t("rz.note.dump"))))
        else:
            choices.append(_choice(a, _pass_label(ctx, outcome, me), cls="pass"))
    return prompt, lines, choices


def _pass_label(ctx: Ctx, outcome: dict[str, Any], me: int) -> str:
    t = ctx.t
    result = outcome["result"]
    if result == "win":
        w = outcome["winner"]
        if w == me:
            return esc(t("rz.btn.pass_take") if outcome["room"] else t("rz.btn.pass_lost"))
        return t("rz.btn.pass_let", who=ctx.name(w))
    if result == "nobody":
        return esc(t("rz.btn.pass_nobody"))
    return esc(t("rz.btn.pass_redraw"))


def _waiting(ctx: Ctx, pend: dict[str, Any] | None, cur: int | None) -> tuple[str, list[str]]:
    """What somebody else is deciding, in words."""
    t = ctx.t
    if pend is None or cur is None:
        return "", []
    decision = pend["decision"]
    if cur in ctx.frame.absent or cur in ctx.frame.stand_ins or ctx.frame.cut_off or ctx.frame.sent:  # (a friend not connected, a bot for him)
        return ctx.whose_turn(cur), []
    if decision == "choose_trophy":
        return ctx.say("rz.wait.choose", by=cur), []
    if decision == "defend":
        return ctx.say("rz.wait.defend", by=cur, to=pend["zombie_of"], whom=poss(ctx, pend["zombie_of"])), []
    if decision == "drop_trophy":
        return ctx.say("rz.wait.drop", by=cur), []
    cards = pend["cards"]
    me = ctx.seat if ctx.seats[ctx.seat].is_human else None
    return ctx.say("rz.wait.contest", by=cur), [t("rz.contest.cards", cards=cards_line(ctx, cards)),
                                                outcome_line(ctx, pend["outcome"], cards, me)]
