//! The 2011 trial rules as data: the [`Spec`] of `cxa-2011`, one line per article, with the
//! event settings the rules leave to the organiser ([`Settings`]) choosing the illegal-move
//! ruling and the points.
//!
//! The classifier's readings of §24 and §26 stay in core as [`Definitions::cxa_2011`]: core's
//! classifier is tested against them, and this edition uses them unchanged. Its verdict table
//! and the articles the judge cites are stated here.

use xqr_core::law::classify::Definitions;
use xqr_core::law::judge::{
    BothForbidden, ChaseConduct, Counting, LawArticles, RepetitionCount, RepetitionLaw,
    VerdictTable,
    ViolationPolicy::{Loses, MustChange},
};
use xqr_core::rules::{
    DrawCounts, GameEnds, Hooks, IllegalMoveRuling, IllegalMoves, NaturalLimit, NoMoveArticles,
    Origin, RecordArticles, RuleRef, RulesetMeta, Spec,
};
use xqr_core::standings::StandingsRules;
use xqr_core::MoveRules;

use crate::{EventLevel, Settings, ID, NATURAL_LIMIT_MOVES};

/// The 2011 trial rules (中国象棋竞赛规则 2011 试行版) under the event settings `settings`.
pub fn spec(settings: Settings) -> Spec {
    let at = |article: &str| RuleRef::new(ID, article);
    let loses = |article: &str| IllegalMoveRuling::Loss { rule: at(article) };
    let points = settings.points.scheme(); // §13.1 胜者2分，负者0分，和棋各记1分; §13.3
    Spec {
        meta: RulesetMeta {
            id: ID.to_owned(),
            name: "Chinese Xiangqi Association rules 2011 (trial)".to_owned(),
            aliases: vec!["2011".to_owned(), "cxa2011".to_owned()],
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extends: None,
            rule_source: "cxa-2011-trial-rules.txt (中国象棋竞赛规则 2011 试行版)".to_owned(),
            edition: "2011 trial".to_owned(),
            origin: Origin::Static,
            metadata: Default::default(),
        },
        moves: MoveRules::STANDARD, // §1, §2: the board, the pieces and their moves
        start: None,                // §1: the standard start
        hidden_pieces: false,
        illegal_moves: IllegalMoves {
            // §3.4 自杀: 形成帅（将）直接对面、或主动送吃帅（将），或在被“将军”时…没有应将
            facing_kings: loses("§4.1.3"), // 走棋后（已离手）形成“自杀”
            king_left_attacked: loses("§4.1.3"), // 走棋后（已离手）形成“自杀”
            other: match settings.event_level {
                // §4.1.8 全国比赛一次…违反行棋规定
                EventLevel::National => loses("§4.1.8"),
                // §8.1.8 全国少年赛、省级以下比赛违反行棋规定一次: a foul, replayed (§5.8.3)
                EventLevel::Provincial => IllegalMoveRuling::FoulAndReplay {
                    rule: at("§8.1.8")
                },
            },
        },
        law: law(ID),
        ends: GameEnds {
            cites: ID.to_owned(),
            no_move: NO_MOVE_ARTICLES,
            natural_limit: Some(NaturalLimit {
                moves: NATURAL_LIMIT_MOVES, // §4.2.4 连续60回合中…双方都没有吃过一个棋子
                check_cap: 10,              // §22.2 提出方对非提出方“将军”的着数最多只计10着
                rule: at("§4.2.4"),
                check_cap_article: Some("§22.2".to_owned()),
            }),
            record: RECORD_ARTICLES,
        },
        points,
        draws: DrawCounts::Draw,
        // §13 points (the chosen §13.1 or §13.3 scheme), §14 tie-breaks
        standings: StandingsRules::cxa_2011().with_points(points),
        hooks: Hooks::default(),
    }
}

/// Checkmate and stalemate.
pub const NO_MOVE_ARTICLES: NoMoveArticles = NoMoveArticles {
    checkmate: "§4.1.1",       // 帅（将）被“将死”
    checkmate_defined: "§3.2", // 无法“应将”或不“应将”，即被“将死”
    stalemate: "§4.1.2",       // 被“困毙”
    stalemate_defined: "§3.3", // 轮到行棋的一方无子可走，即被“困毙”
};

/// Results a record carries.
pub const RECORD_ARTICLES: RecordArticles = RecordArticles {
    resignation: "§4.1.12", // 宣布认输
    agreed_draw: "§4.2.1",  // 一方提议作和，另一方表示同意
    time_forfeit: "§4.1.6", // 在规定时限内未走满规定着数或完成对局
    unstated: "§4",         // 胜、负、和
};

/// The verdict table of the 棋例: a policy per forbidden conduct, the count and what two
/// forbidden sides mean.
pub const VERDICT_TABLE: VerdictTable = VerdictTable {
    perpetual_check: Loses,            // §23.5.1 单方“长将”立即判负; §25.1
    perpetual_mate_threat: MustChange, // §25.3 一方为禁止着法…由前者变着; §23.5.2
    perpetual_chase: MustChange,       // §25.3
    check_and_mate_threat: MustChange, // §25.3
    check_and_chase: MustChange,       // §25.3
    mate_threat_and_chase: MustChange, // §25.3
    repetitions: 3,                    // §23.1 循环反复达三次
    count: RepetitionCount::Cycles,    // §23.4 在两个点上反复三次为六个回合
    // §23.2 the loop's first move counts, §23.4 nine rounds, §23.5.2 两个回合内变着
    counting: Counting::Cxa2011,
    loses_after: 1, // (read by the 1999 procedure only; §23.5.2 gives two rounds)
    chase_conduct: ChaseConduct::HeaviestKind, // §26.4 从重
    both_forbidden: BothForbidden::Precedence, // §25.4 双方均为禁止着法，见26.8条款
};

/// The articles the judge cites.
pub const LAW_ARTICLES: LawArticles = LawArticles {
    perpetual_check: "§23.5.1",          // 单方“长将”立即判负
    both_allowed: "§25.2",               // 双方均为允许着法，双方不变作和
    both_forbidden: "§26.8.4",           // 除上述情况外，双方不变作和
    must_change: "§25.3",                // 由前者变着
    did_not_change: "§23.5.2.2",         // 应变着一方不变判负
    listed_must_change: "§26.8.1",       // 凡单方长杀、一将一杀、长捉车、长捉无根子…均需变着
    single_vs_joint_rook: "§26.8.2",     // 凡单方长捉车，对方联合捉车，前者变着
    single_vs_joint_rootless: "§26.8.3", // 凡单方长捉无根子，对方联合捉无根子，前者变着
    nine_rounds: "§23.4",                // 连续以…九个回合
    checker_changes: "",                 // (AXF only)
    same_target: "",                     // (AXF only)
    tolerated: &[],                      // no conduct is drawn
    forbidden_by: &[],                   // §26.1, §26.4 are the rulings' own articles
    count: "§23.1–23.3",                 // 循环反复达三次; 循环之首着; 不足三次不予受理
};

/// The repetition law 棋例 (§23–§26), citing `ruleset`.
pub fn law(ruleset: &str) -> RepetitionLaw {
    // No house variant's citations: the edition's own law.
    RepetitionLaw::new(
        ruleset,
        // §24 术语, §26 细则: core's 2011 readings
        Definitions::cxa_2011().cited_as(ruleset),
        VERDICT_TABLE,
        LAW_ARTICLES,
    )
}
