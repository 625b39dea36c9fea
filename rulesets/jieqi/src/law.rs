//! The Jieqi trial rules as data: the [`Spec`] of `jieqi`, one line per article, and the hooks
//! for what data cannot say: who sees a hidden piece (§7.5.4), the deal a record carries
//! (§2.1, §6) and the capture of a king (§3.3, §5.1.1, §5.1.2).

use xqr_core::fen::JIEQI_START_FEN;
use xqr_core::rules::{
    DrawCounts, GameEnds, Hooks, IllegalMoveRuling, IllegalMoves, NaturalLimit, NoMoveArticles,
    Origin, PointScheme, RecordArticles, RuleRef, RulesetMeta, Spec,
};
use xqr_core::standings::StandingsRules;

use crate::scoring::{self, NATURAL_LIMIT_CHECK_CAP, NATURAL_LIMIT_MOVES};
use crate::{record, JieqiVisibility, ID, MOVE_RULES};

/// The Jieqi trial rules (揭棋竞赛规则 试行版).
pub fn spec() -> Spec {
    let at = |article: &str| RuleRef::new(ID, article);
    let points = PointScheme::ONE_HALF_ZERO; // §16.1 胜者1分，负者0分，和棋各记0.5分
    Spec {
        meta: RulesetMeta {
            id: ID.to_owned(),
            name: "Jieqi trial rules (揭棋竞赛规则 试行版)".to_owned(),
            aliases: vec!["揭棋".to_owned()],
            version: env!("CARGO_PKG_VERSION").to_owned(),
            extends: None,
            rule_source: "jieqi-trial-rules.txt (揭棋竞赛规则 试行版, 中弈揭棋俱乐部)".to_owned(),
            edition: "jieqi".to_owned(),
            origin: Origin::Static,
            metadata: Default::default(),
        },
        moves: MOVE_RULES, // §2.3, §3.2 假子 move as their point; §4.4 自毙
        start: Some(JIEQI_START_FEN.to_owned()), // §2.1 除将帅外，其余棋子皆字面朝下
        hidden_pieces: true, // §1.3, §6
        // §7.4.2 如棋子放在违犯着法的地方（如马行田，车切线等），即时判负 (also §5.1.10, §7.5.3);
        // facing kings are no breach here: the side to move may capture (§5.1.2)
        illegal_moves: IllegalMoves::all(IllegalMoveRuling::Loss {
            rule: at("§7.4.2")
        }),
        // §24–§29: the 1999 棋例, article for article, cited as Jieqi articles
        law: xqr_cxa1999::law(ID),
        ends: GameEnds {
            cites: ID.to_owned(),
            // §4 将死和困毙 (the king-capture hook decides these, with the §4 wording)
            no_move: NoMoveArticles {
                checkmate: "§4",
                checkmate_defined: "§4",
                stalemate: "§4",
                stalemate_defined: "§4",
            },
            natural_limit: Some(NaturalLimit {
                moves: NATURAL_LIMIT_MOVES, // §5.2.3 连续60个回合中…双方都没有吃过一个棋子
                check_cap: NATURAL_LIMIT_CHECK_CAP, // §23.3 最多只计10着
                rule: at("§5.2.3"),
                check_cap_article: Some("§23.3".to_owned()),
            }),
            record: RecordArticles {
                resignation: "§5.1.7",  // 自己宣布认输
                agreed_draw: "§5.2.1",  // 一方提议作和，另一方表示同意
                time_forfeit: "§5.1.3", // 在规定的时限内未走满规定的着数
                unstated: "§5",         // 胜、负、和
            },
        },
        points,
        draws: DrawCounts::Draw,
        // §16 points; the tie-breaks of the 1999 rules the trial rules follow
        standings: StandingsRules::cxa_1999().with_points(points),
        hooks: Hooks {
            visibility: Some(&JieqiVisibility), // §7.5.4 只有吃子方可以看被吃的暗子
            complete_record: Some(record::complete_record), // a deal in a tag (§2.1, §6)
            game_end: Some(scoring::king_capture), // §3.3, §5.1.1, §5.1.2; §4 将死和困毙
        },
    }
}
