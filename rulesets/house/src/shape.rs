//! The shape of an overlay file, mirrored from [`crate::HouseVariant`]: its tables, their keys
//! and what each key takes. The checker reads it to locate every problem; a test keeps it in step
//! with the generated schema.

use crate::variant::{DrawResult, IllegalRuling, FORBIDDEN_NAMES};
use xqr_core::law::patch::{CHASE_TEST_NAMES, FALSE_ROOT_NAMES, KEY_POINT_NAMES, OWN_CHASE_NAMES};

#[derive(Copy, Clone)]
pub(crate) enum Leaf {
    /// A ruleset id.
    Id,
    /// A string; `true` when it must not be empty.
    Text(bool),
    /// An integer in `min..=max`, described.
    Int(i64, i64, &'static str),
    /// One of the strings.
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Bool,
    /// `false`, `true` or a non-empty string (an article).
    Switch,
    /// `false` or one of the strings.
    ChoiceOrOff(&'static [&'static str]),
    /// An array of distinct strings, each one of these.
    Choices(&'static [&'static str]),
    /// A number of points.
    Points,
    /// An array of ids.
    Ids,
    /// A table of strings.
    Strings,
}

#[derive(Copy, Clone)]
pub(crate) enum Node {
    Leaf(Leaf),
    Table(&'static TableSpec),
}

pub(crate) struct Field {
    pub(crate) name: &'static str,
    pub(crate) node: Node,
    pub(crate) required: bool,
}

pub(crate) struct TableSpec {
    pub(crate) fields: &'static [Field],
}

impl TableSpec {
    pub(crate) fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.fields.iter().map(|f| f.name)
    }
}

const fn opt(name: &'static str, node: Node) -> Field {
    Field {
        name,
        node,
        required: false,
    }
}

const fn req(name: &'static str, node: Node) -> Field {
    Field {
        name,
        node,
        required: true,
    }
}

/// The TOML spelling of a verdict policy (`ViolationPolicy`).
const POLICY_NAMES: [&str; 3] = ["loses", "must_change", "draw"];
/// The TOML spelling of `RepetitionCount`.
const COUNT_NAMES: [&str; 2] = ["occurrences", "cycles"];
/// The TOML spelling of `Counting`.
const PROCEDURE_NAMES: [&str; 2] = ["cxa-1999", "cxa-2011"];
/// The TOML spelling of `BothForbidden`.
const BOTH_FORBIDDEN_NAMES: [&str; 3] = ["draw", "precedence", "checker_changes"];
/// The TOML spelling of `ChaseConduct`.
const CHASE_CONDUCT_NAMES: [&str; 2] = ["heaviest_kind", "same_target"];
/// The TOML spelling of `KingSafety`.
const KING_SAFETY_NAMES: [&str; 2] = ["must_not_be_left_attacked", "may_be_left_attacked"];

const POLICY: Node = Node::Leaf(Leaf::Choice(&POLICY_NAMES));
const REPETITIONS: Node = Node::Leaf(Leaf::Int(
    2,
    10,
    "the number of 循环反复N次 (cycles or occurrences, as `count` says)",
));

pub(crate) static REPETITION: TableSpec = TableSpec {
    fields: &[
        opt("perpetual_check", POLICY),
        opt("perpetual_mate_threat", POLICY),
        opt("perpetual_chase", POLICY),
        opt("check_and_mate_threat", POLICY),
        opt("check_and_chase", POLICY),
        opt("mate_threat_and_chase", POLICY),
        opt(
            "chase_conduct",
            Node::Leaf(Leaf::Choice(&CHASE_CONDUCT_NAMES)),
        ),
        opt("repetitions", REPETITIONS),
        opt("count", Node::Leaf(Leaf::Choice(&COUNT_NAMES))),
        opt("forbidden", Node::Leaf(Leaf::Choices(&FORBIDDEN_NAMES))),
    ],
};

const SWITCH: Node = Node::Leaf(Leaf::Switch);
const OWN_CHASE: Node = Node::Leaf(Leaf::Choice(&OWN_CHASE_NAMES));

pub(crate) static DEFINITIONS: TableSpec = TableSpec {
    fields: &[
        opt("floating_crossed_pawn", Node::Leaf(Leaf::Bool)),
        opt(
            "mate_threat",
            Node::Leaf(Leaf::Int(1, 5, "consecutive checks searched for a mate")),
        ),
        opt(
            "chase_through_checks",
            Node::Leaf(Leaf::Int(0, 3, "checks before the winning capture")),
        ),
        opt("king_chase", OWN_CHASE),
        opt("pawn_chase", OWN_CHASE),
        opt(
            "defensive_key_point",
            Node::Leaf(Leaf::ChoiceOrOff(&KEY_POINT_NAMES)),
        ),
        opt("false_root", Node::Leaf(Leaf::Choice(&FALSE_ROOT_NAMES))),
        opt("king_answers_check", SWITCH),
        opt("checker_exposed_chase", SWITCH),
        opt("self_destroying_check", SWITCH),
        opt("root_and_pinned_captures", SWITCH),
        opt("screen_landing", SWITCH),
        opt("pawn_trades", SWITCH),
        opt("pawn_discovered", SWITCH),
        opt("costly_offers", SWITCH),
        opt("rook_pair_unrooted", SWITCH),
        opt("rook_pair_contact", SWITCH),
        opt("chase_test", Node::Leaf(Leaf::Choice(&CHASE_TEST_NAMES))),
        opt("rook_chased_by_horse_or_cannon", SWITCH),
        opt("chase_with_check", SWITCH),
        opt("tied_rook", SWITCH),
        opt("check_capture_threat", SWITCH),
    ],
};

pub(crate) static COUNTING: TableSpec = TableSpec {
    fields: &[
        opt("procedure", Node::Leaf(Leaf::Choice(&PROCEDURE_NAMES))),
        opt("repetitions", REPETITIONS),
        opt("count", Node::Leaf(Leaf::Choice(&COUNT_NAMES))),
        opt(
            "loses_after",
            Node::Leaf(Leaf::Int(
                1,
                10,
                "recurrences of the pending position, the conduct unchanged, before the side that must change loses",
            )),
        ),
    ],
};

pub(crate) static BOTH_FORBIDDEN: TableSpec = TableSpec {
    fields: &[req(
        "ruling",
        Node::Leaf(Leaf::Choice(&BOTH_FORBIDDEN_NAMES)),
    )],
};

pub(crate) static NATURAL_LIMIT: TableSpec = TableSpec {
    fields: &[
        req(
            "moves",
            Node::Leaf(Leaf::Int(1, 300, "moves by both sides without a capture")),
        ),
        opt(
            "check_cap",
            Node::Leaf(Leaf::Int(0, 100, "checks of the claimant counted")),
        ),
    ],
};

pub(crate) static SCORING: TableSpec = TableSpec {
    fields: &[
        opt("win", Node::Leaf(Leaf::Points)),
        opt("draw_red", Node::Leaf(Leaf::Points)),
        opt("draw_black", Node::Leaf(Leaf::Points)),
        opt("loss", Node::Leaf(Leaf::Points)),
        opt("draw_result", Node::Leaf(Leaf::Choice(&DrawResult::NAMES))),
    ],
};

pub(crate) static ILLEGAL_MOVES: TableSpec = TableSpec {
    fields: &[req(
        "ruling",
        Node::Leaf(Leaf::Choice(&IllegalRuling::NAMES)),
    )],
};

pub(crate) static MOVES: TableSpec = TableSpec {
    fields: &[opt(
        "king_safety",
        Node::Leaf(Leaf::Choice(&KING_SAFETY_NAMES)),
    )],
};

pub(crate) static ROOT: TableSpec = TableSpec {
    fields: &[
        req("id", Node::Leaf(Leaf::Id)),
        req("name", Node::Leaf(Leaf::Text(true))),
        req("extends", Node::Leaf(Leaf::Id)),
        req("rule_source", Node::Leaf(Leaf::Text(true))),
        opt("aliases", Node::Leaf(Leaf::Ids)),
        opt("description", Node::Leaf(Leaf::Text(false))),
        opt("repetition", Node::Table(&REPETITION)),
        opt("definitions", Node::Table(&DEFINITIONS)),
        opt("counting", Node::Table(&COUNTING)),
        opt("both_forbidden", Node::Table(&BOTH_FORBIDDEN)),
        opt("natural_limit", Node::Table(&NATURAL_LIMIT)),
        opt("scoring", Node::Table(&SCORING)),
        opt("illegal_moves", Node::Table(&ILLEGAL_MOVES)),
        opt("moves", Node::Table(&MOVES)),
        opt("metadata", Node::Leaf(Leaf::Strings)),
    ],
};

/// The key names of the format, by table (`""` for the top level): for tests that compare them
/// with the schema.
pub fn format_keys() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("", ROOT.names().collect()),
        ("repetition", REPETITION.names().collect()),
        ("definitions", DEFINITIONS.names().collect()),
        ("counting", COUNTING.names().collect()),
        ("both_forbidden", BOTH_FORBIDDEN.names().collect()),
        ("natural_limit", NATURAL_LIMIT.names().collect()),
        ("scoring", SCORING.names().collect()),
        ("illegal_moves", ILLEGAL_MOVES.names().collect()),
        ("moves", MOVES.names().collect()),
    ]
}
