//! `[definitions]`: the classifier's definitions a patch changes, field by field.

use serde::{Deserialize, Serialize};

use crate::law::classify::{DefensiveKeyPoint, Definitions, Depth, FalseRoots, OwnChase, Reading};
use crate::reference::RuleRef;

/// An article an edition has or not: `false` (off), `true` (on, citing the variant's
/// `rule_source`) or an article (on, citing `<id> <article>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Switch {
    /// Off (`false`), or on citing the variant's `rule_source` (`true`).
    On(bool),
    /// On, citing `<id> <article>`.
    Article(String),
}

#[cfg(feature = "schemars")]
impl schemars::JsonSchema for Switch {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Switch".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "`false`: off; `true`: on, citing the variant's `rule_source`; an article string: on, citing `<id> <that string>`.",
            "anyOf": [
                { "type": "boolean" },
                { "type": "string", "pattern": "\\S" }
            ]
        })
    }
}

/// `defensive_key_point`: `false` (no such article: a chase of advisors or elephants is a
/// chase) or the reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum KeyPointKnob {
    /// `false`: off.
    Off(bool),
    /// The reading.
    Reading(DefensiveKeyPoint),
}

#[cfg(feature = "schemars")]
impl schemars::JsonSchema for KeyPointKnob {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "KeyPointKnob".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "`false`: no such article (a chase of advisors or elephants is a chase); `any_defender`: cxa-1999 §27.3, any piece holding a defensive key point; `single_attacker`: cxa-2011 §26.2, only when the defending side has a single attacking piece.",
            "anyOf": [
                { "const": false },
                { "type": "string", "enum": KEY_POINT_NAMES }
            ]
        })
    }
}

/// The TOML spelling of `OwnChase`.
pub const OWN_CHASE_NAMES: [&str; 4] = ["idle", "idle_unless_mutual", "counts", "idle_with_others"];
/// The TOML spelling of `DefensiveKeyPoint`.
pub const KEY_POINT_NAMES: [&str; 2] = ["any_defender", "single_attacker"];
/// The TOML spelling of `FalseRoots`.
pub const FALSE_ROOT_NAMES: [&str; 2] = ["by_legality", "by_duty"];
/// `[definitions]`: what a check, a mate threat, a chase or an idle move is (cxa-1999 §25.3,
/// §27–§29; cxa-2011 §24, §26). Every key left out is the parent's; every reading set cites
/// the variant. The articles both editions have (check, chase, exchange …) are not knobs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DefinitionKnobs {
    /// cxa-1999 §25.3 过河兵（卒）价值浮动: pawns given for pieces, or pieces for pawns, are no
    /// gain (`true`, cxa-1999) or the fixed scale throughout (`false`, cxa-2011).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floating_crossed_pawn: Option<bool>,
    /// Mate threat (杀, cxa-1999 §28.2, cxa-2011 §24.2): how many consecutive checks are
    /// searched for a mate, 1–5 (both editions: 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(range(min = 1, max = 5)))]
    pub mate_threat: Option<u8>,
    /// Chase through checks (cxa-1999 §29.1, cxa-2011 §24.3): how many checks may precede the
    /// winning capture, 0–3 (both editions: 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "schemars", schemars(range(min = 0, max = 3)))]
    pub chase_through_checks: Option<u8>,
    /// Whether the king's own chase counts: `idle` (cxa-1999 §27.1, cxa-2011 §26.1),
    /// `idle_unless_mutual`, `counts` or `idle_with_others` (axf rule 28: also idle together
    /// with other pieces, unless the king's move uncovered another piece's attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_chase: Option<OwnChase>,
    /// Whether the pawn's own chase counts: `idle_unless_mutual` (cxa-1999 §27.2), `idle`
    /// (cxa-2011 §26.1, axf rule 29), `counts` or `idle_with_others` (also idle together with
    /// other pieces, unless the pawn's move uncovered another piece's attack).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn_chase: Option<OwnChase>,
    /// The defensive key point (占据防守要点): `any_defender` (cxa-1999 §27.3),
    /// `single_attacker` (cxa-2011 §26.2) or `false`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defensive_key_point: Option<KeyPointKnob>,
    /// False roots (假根): `by_legality` (cxa-1999 §28.16) or `by_duty` (cxa-2011 §24.16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub false_root: Option<FalseRoots>,
    /// cxa-2011 §26.1.2: a chase or mate threat made by a king move answering a check is idle
    /// (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king_answers_check: Option<Switch>,
    /// cxa-2011 §26.1.2, §26.3: a chase by a move answering a check that exists only because
    /// the check exposed the checker's own piece is idle (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker_exposed_chase: Option<Switch>,
    /// cxa-2011 §24.18, §26.3 (自斃): a mate threat by a move answering a check that only the
    /// check made possible is the checker's own doing (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_destroying_check: Option<Switch>,
    /// cxa-2011 §26.5: a capture by a root or a pinned piece chases only if it wins at least
    /// what its leaving loses (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_and_pinned_captures: Option<Switch>,
    /// cxa-2011 §26.5 (被牵子): a capturer landing as an opponent cannon's only screen gave up
    /// the shield it made (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen_landing: Option<Switch>,
    /// cxa-2011 §26.6: a crossed pawn traded for any piece but a rook is no gain (cxa-1999:
    /// off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn_trades: Option<Switch>,
    /// cxa-2011 §26.7: a piece won through another piece's check by a pawn is the pawn's own;
    /// a pawn capture discovering a check is a chase (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pawn_discovered: Option<Switch>,
    /// cxa-2011 §26.9: an exchange offer is a chase when taking would cost the acceptor
    /// (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub costly_offers: Option<Switch>,
    /// cxa-2011 §26.10.1: rook and horse (cannon) against an unrooted horse (cannon) is a chase,
    /// cited beside the general definition (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rook_pair_unrooted: Option<Switch>,
    /// cxa-2011 §26.10.2: rook and horse (cannon) against a rooted horse (cannon) whose roots
    /// survive the exchange is an exchange (cxa-1999: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rook_pair_contact: Option<Switch>,
}

impl DefinitionKnobs {
    /// Whether any key is set.
    pub fn is_empty(&self) -> bool {
        *self == DefinitionKnobs::default()
    }
}

/// The parent's definitions `defs` with the variant's `[definitions]`, each reading it sets
/// citing `cite` (or, for a switch given as a string, `<id> <that string>`).
pub(super) fn apply(k: &DefinitionKnobs, defs: &mut Definitions, cite: &RuleRef) {
    let switch = |slot: &mut Option<RuleRef>, knob: &Option<Switch>| match knob {
        None => {}
        Some(Switch::On(false)) => *slot = None,
        Some(Switch::On(true)) => *slot = Some(cite.clone()),
        Some(Switch::Article(a)) => *slot = Some(RuleRef::new(cite.ruleset.clone(), a.trim())),
    };
    let reading = |slot: &mut Reading<OwnChase>, knob: Option<OwnChase>| {
        if let Some(r) = knob {
            *slot = Reading {
                reading: r,
                article: cite.clone(),
            };
        }
    };
    let depth = |slot: &mut Depth, knob: Option<u8>| {
        if let Some(checks) = knob {
            *slot = Depth {
                checks,
                article: cite.clone(),
            };
        }
    };
    if let Some(f) = k.floating_crossed_pawn {
        defs.values.floating_crossed_pawn = f;
    }
    depth(&mut defs.mate_threat, k.mate_threat);
    depth(&mut defs.chase_through_checks, k.chase_through_checks);
    reading(&mut defs.king_chase, k.king_chase);
    reading(&mut defs.pawn_chase, k.pawn_chase);
    match k.defensive_key_point {
        None => {}
        Some(KeyPointKnob::Off(_)) => defs.defensive_key_point = None,
        Some(KeyPointKnob::Reading(r)) => {
            defs.defensive_key_point = Some(Reading {
                reading: r,
                article: cite.clone(),
            })
        }
    }
    if let Some(r) = k.false_root {
        defs.false_root = Reading {
            reading: r,
            article: cite.clone(),
        };
    }
    switch(&mut defs.king_answers_check, &k.king_answers_check);
    switch(&mut defs.checker_exposed_chase, &k.checker_exposed_chase);
    switch(&mut defs.self_destroying_check, &k.self_destroying_check);
    switch(
        &mut defs.root_and_pinned_captures,
        &k.root_and_pinned_captures,
    );
    switch(&mut defs.screen_landing, &k.screen_landing);
    switch(&mut defs.pawn_trades, &k.pawn_trades);
    switch(&mut defs.pawn_discovered, &k.pawn_discovered);
    switch(&mut defs.costly_offers, &k.costly_offers);
    switch(&mut defs.rook_pair_unrooted, &k.rook_pair_unrooted);
    switch(&mut defs.rook_pair_contact, &k.rook_pair_contact);
}
