"""The compact offer/answer of a WebRTC connection: what travels in an invite link or QR code."""

from __future__ import annotations

import pytest

from pygames_ui.devices import invite

#: An offer as Chromium writes it after gathering (two mDNS host candidates).
OFFER = """v=0
o=- 3108200598584255503 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:4157832229 1 udp 2113937151 5431ea29-e99e-4300-a2a5-8ae69ad7fe13.local 47115 typ host generation 0 network-cost 999
a=candidate:2247694070 1 udp 2113942271 c5b6de3c-c48a-4066-b975-67727c2acea7.local 49114 typ host generation 0 network-cost 999
a=candidate:1 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active generation 0
a=ice-ufrag:aCUy
a=ice-pwd:WojjH0gc4c0kLXEJKRnFJrh1
a=ice-options:trickle
a=fingerprint:sha-256 28:72:98:4F:F5:60:5A:C6:9C:2B:85:27:53:23:5C:24:76:E9:85:BC:AA:F1:2D:E8:D0:F9:7C:8D:0F:53:E9:B6
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""


def test_an_offer_travels_in_about_a_hundred_and_twenty_characters_and_comes_back_whole() -> None:
    text = invite.to_text(OFFER)
    assert len(text) <= 120 and len(OFFER) > 6 * len(text)
    back = invite.parse(invite.from_text(text))
    assert back == invite.parse(OFFER)
    assert back.candidates == (("5431ea29-e99e-4300-a2a5-8ae69ad7fe13.local", 47115),)  # the first; no TCP
    assert invite.to_text(invite.from_text(text)) == text


def test_an_answer_with_an_ipv4_candidate() -> None:
    answer = (OFFER.replace("a=setup:actpass", "a=setup:active")
              .replace("5431ea29-e99e-4300-a2a5-8ae69ad7fe13.local 47115", "192.168.1.7 50000"))
    back = invite.parse(invite.from_text(invite.to_text(answer)))
    assert back.role == "active" and back.candidates[0] == ("192.168.1.7", 50000)


@pytest.mark.parametrize("text", ["", "!!", "A" * 401, "AQAB", "AgAEYUN1eQ", invite.to_text(OFFER)[:-3],
                                  invite.to_text(OFFER) + "AA"])
def test_a_broken_invite_is_refused_in_words(text: str) -> None:
    with pytest.raises(ValueError):
        invite.from_text(text)


@pytest.mark.parametrize("edit", [("a=ice-pwd:WojjH0gc4c0kLXEJKRnFJrh1\n", ""), ("sha-256", "sha-1"),
                                  ("a=setup:actpass", "a=setup:holdconn"), ("ice-ufrag:aCUy", "ice-ufrag:a C")])
def test_an_sdp_without_what_an_invite_needs_is_refused(edit: tuple[str, str]) -> None:
    with pytest.raises(ValueError):
        invite.to_text(OFFER.replace(*edit))


GAMES = ["klats", "rps_zombie", "zoomagia"]


def test_an_invite_link_fits_a_qr_code_a_phone_reads_at_arm_length() -> None:
    """Game, seat, who invites, the seat's token and the offer: one QR code of version 9 or less."""
    from pygames_ui.devices import qr

    offer = invite.parse(OFFER)
    sent = invite.Invite("zoomagia", 2, 4, "Анна-Мария", bytes(range(16)), offer)
    text = invite.write_invite(sent, GAMES)
    assert invite.read_invite(text, GAMES) == sent
    link = "https://example.github.io/pygames/" + invite.JOIN_PREFIX + text
    version = qr.version_of(qr.encode(link, level="L"))
    print(f"\ninvite link {len(link)} characters: QR version {version} at level L, "
          f"{qr.version_of(qr.encode(link))} at M")
    assert len(link) < 220 and version <= 9  # 53×53 modules


def test_an_answer_comes_back_with_its_seat() -> None:
    answer = invite.parse(OFFER.replace("a=setup:actpass", "a=setup:active"))
    tag = invite.offer_tag(invite.parse(OFFER))
    assert invite.read_answer(invite.write_answer(3, tag, answer)) == (3, tag, answer)
    other = invite.parse(OFFER.replace("a=ice-pwd:", "a=ice-pwd:x"))  # a new invite for the seat: new credentials
    assert invite.offer_tag(other) != tag


@pytest.mark.parametrize("text", ["", "AAAA", "BQEC", "AAEC" + "A" * 40, "!" * 20])
def test_a_broken_invite_or_answer_says_so(text: str) -> None:
    with pytest.raises(ValueError, match="not an|another version"):
        invite.read_invite(text, GAMES)
    with pytest.raises(ValueError):
        invite.read_answer(text)


def test_with_a_stun_server_the_public_address_travels_too() -> None:
    sdp = OFFER.replace("a=ice-ufrag", "a=candidate:9 1 udp 1677729535 203.0.113.5 61000 typ srflx raddr 0.0.0.0 "
                                       "rport 0 generation 0\na=ice-ufrag")
    back = invite.parse(invite.from_text(invite.to_text(sdp)))
    assert back.candidates == (("5431ea29-e99e-4300-a2a5-8ae69ad7fe13.local", 47115), ("203.0.113.5", 61000))


@pytest.mark.parametrize("name", ["a" + "🦔" * 16, "李" * 22, "Ёжик" * 8])
def test_a_long_name_is_cut_between_letters(name: str) -> None:
    sent = invite.Invite("klats", 1, 2, name, bytes(range(16)), invite.parse(OFFER))
    got = invite.read_invite(invite.write_invite(sent, GAMES), GAMES)
    assert name.startswith(got.host) and len(got.host.encode()) <= invite.MAX_NAME_BYTES and len(got.host) >= 16


def test_the_host_s_name_turns_no_words_round_on_the_join_screen() -> None:
    """An invite is a link anybody may edit: its name has no mark that reverses the text after it."""
    sent = invite.Invite("klats", 1, 2, "\u202eAnna", bytes(range(16)), invite.parse(OFFER))
    assert invite.read_invite(invite.write_invite(sent, GAMES), GAMES).host == "Anna"
    sent = invite.Invite("klats", 1, 2, "\u200b", bytes(range(16)), invite.parse(OFFER))
    assert invite.read_invite(invite.write_invite(sent, GAMES), GAMES).host == ""  # ("Host" on the join screen)


def test_the_first_seat_may_be_a_friends() -> None:
    sent = invite.Invite("klats", 0, 2, "Anna", bytes(range(16)), invite.parse(OFFER))
    assert invite.read_invite(invite.write_invite(sent, GAMES), GAMES).seat == 0
    answer = invite.parse(OFFER.replace("a=setup:actpass", "a=setup:active"))
    assert invite.read_answer(invite.write_answer(0, b"abc", answer)) == (0, b"abc", answer)
