//! `[definitions]`: the classifier's definitions a patch changes, field by field.

use serde::{Deserialize, Serialize};

use crate::law::classify::{
    ChaseTest, DefensiveKeyPoint, Definitions, Depth, FalseRoots, OwnChase, Reading,
};
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
/// The TOML spelling of `ChaseTest`.
pub const CHASE_TEST_NAMES: [&str; 2] = ["exchange", "one_recapture"];
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
    /// What makes an attacked piece chased: `exchange` (cxa-1999 §29.1, §29.3; cxa-2011 §24.3:
    /// the complete exchange on its point wins material by values, so a weaker attacker chases
    /// a protected piece, and several attackers one with fewer roots, 少根) or `one_recapture`
    /// (axf terms "protected": chased when no legal move takes the capturer back; no values
    /// weighed, no 少根 or joint chase, axf rule 35). The 少根 article goes with the test: off
    /// under `one_recapture`, and under `exchange` the parent's, or this variant's where the
    /// parent had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chase_test: Option<ChaseTest>,
    /// axf rules 15, 21: a horse or a cannon attacking a rook chases it, protected or not
    /// (cxa-1999, cxa-2011: off). Read by the `one_recapture` test only: under `exchange` a
    /// horse or a cannon wins a protected rook by values anyway.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rook_chased_by_horse_or_cannon: Option<Switch>,
    /// axf rules 12, 18, Section 2.5: a checking move's chases count too, protection tested with
    /// the check standing (cxa-1999, cxa-2011: off, a checking move is a check, §27.4 从重).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chase_with_check: Option<Switch>,
    /// axf rule 19: a rook that cannot move because of an enemy horse (tied down) is chased
    /// whatever its protection, and its standing attack on that horse is no chase (cxa-1999,
    /// cxa-2011: off).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tied_rook: Option<Switch>,
    /// axf rule 38: a piece won only through a check (`chase_through_checks`) is a
    /// check-and-capture threat, idle, not a chase (cxa-1999 §29.1, cxa-2011 §24.3: off, it is
    /// a chase).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_capture_threat: Option<Switch>,
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
    if let Some(test) = k.chase_test {
        defs.chase_test = Reading {
            reading: test,
            article: cite.clone(),
        };
        // 少根 (cxa-1999 §28.16, §29.3; cxa-2011 §24.15, §24.17) is part of the exchange test
        // (`Definitions::insufficient_root`), so it follows the test: the one-recapture test has
        // no such notion (axf rule 35), and the exchange test on a parent without it (axf) has
        // it, citing the variant that brought the test. A parent's own 少根 article stays.
        match test {
            ChaseTest::OneRecapture => defs.insufficient_root = None,
            ChaseTest::Exchange => {
                defs.insufficient_root.get_or_insert_with(|| cite.clone());
            }
        }
    }
    switch(
        &mut defs.rook_chased_by_horse_or_cannon,
        &k.rook_chased_by_horse_or_cannon,
    );
    switch(&mut defs.chase_with_check, &k.chase_with_check);
    switch(&mut defs.tied_rook, &k.tied_rook);
    switch(&mut defs.check_capture_threat, &k.check_capture_threat);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn club() -> RuleRef {
        RuleRef::new("club", "club sheet §3")
    }

    /// CXA 1999's definitions with AXF's chase test, as the `axf` edition reads protection
    /// (one recapture, no 少根: `rulesets/axf/src/law.rs`).
    fn one_recapture_parent() -> Definitions {
        let mut d = Definitions::cxa_1999().cited_as("axf");
        d.chase_test = Reading {
            reading: ChaseTest::OneRecapture,
            article: RuleRef::new("axf", "terms: protected"),
        };
        d.insufficient_root = None;
        d
    }

    fn with(knobs: DefinitionKnobs, mut defs: Definitions) -> Definitions {
        apply(&knobs, &mut defs, &club());
        defs
    }

    /// 少根 belongs to the exchange test: a club taking AXF's one-recapture test drops it, a
    /// club taking CXA's exchange test on an AXF parent gets it citing the club, and a CXA
    /// parent's own 少根 article stays when the club only restates the test.
    #[test]
    fn the_chase_test_brings_or_drops_the_insufficient_root() {
        let knobs = |t| DefinitionKnobs {
            chase_test: Some(t),
            ..DefinitionKnobs::default()
        };
        let d = with(knobs(ChaseTest::OneRecapture), Definitions::cxa_1999());
        assert_eq!(d.chase_test.reading, ChaseTest::OneRecapture);
        assert_eq!(d.chase_test.article, club());
        assert_eq!(d.insufficient_root, None);

        let d = with(knobs(ChaseTest::Exchange), one_recapture_parent());
        assert_eq!(d.chase_test.reading, ChaseTest::Exchange);
        assert_eq!(d.chase_test.article, club());
        assert_eq!(d.insufficient_root, Some(club()));

        let d = with(knobs(ChaseTest::Exchange), Definitions::cxa_1999());
        assert_eq!(
            d.insufficient_root.map(|r| r.to_string()),
            Some("cxa-1999 §28.16, §29.3".to_owned())
        );
        // Left out: the parent's test and its 少根, untouched.
        assert_eq!(
            with(DefinitionKnobs::default(), one_recapture_parent()),
            one_recapture_parent()
        );
    }

    /// The AXF switches are switches like the CXA ones: `true` cites the club's rule_source, a
    /// string cites that article of the club, `false` turns the parent's off.
    #[test]
    fn the_axf_switches_turn_on_citing_the_club_and_off() {
        type Slot = fn(&Definitions) -> &Option<RuleRef>;
        type Knob = fn(&mut DefinitionKnobs) -> &mut Option<Switch>;
        let switches: [(Slot, Knob); 4] = [
            (
                |d| &d.rook_chased_by_horse_or_cannon,
                |k| &mut k.rook_chased_by_horse_or_cannon,
            ),
            (|d| &d.chase_with_check, |k| &mut k.chase_with_check),
            (|d| &d.tied_rook, |k| &mut k.tied_rook),
            (|d| &d.check_capture_threat, |k| &mut k.check_capture_threat),
        ];
        for (slot, knob) in switches {
            let set = |s: Switch, parent: Definitions| {
                let mut k = DefinitionKnobs::default();
                *knob(&mut k) = Some(s);
                with(k, parent)
            };
            let cxa = Definitions::cxa_1999();
            assert_eq!(slot(&cxa), &None);
            assert_eq!(slot(&set(Switch::On(true), cxa.clone())), &Some(club()));
            assert_eq!(
                slot(&set(Switch::Article(" rule 19 ".into()), cxa.clone())),
                &Some(RuleRef::new("club", "rule 19"))
            );
            let on = set(Switch::On(true), cxa);
            assert_eq!(slot(&set(Switch::On(false), on)), &None);
        }
    }
}
