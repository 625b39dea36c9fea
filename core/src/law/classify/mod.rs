//! What each move does, in the terms of the repetition law (棋例): check (将), mate threat (杀),
//! chase (捉) and the idle kinds (兑 献 拦 跟 闲), computed once here and parameterised by the
//! edition's [`Definitions`].
//!
//! Judges read this classification only for the plies of a loop, so its cost (small searches)
//! is paid only where a repetition occurs.

mod defensive;
mod departure;
mod exchange;
mod exposed;
mod floating;
mod self_destroying;
mod standing;
mod through_checks;
mod values;

pub use defensive::{attacking_pieces, holds_defensive_point, DefensiveKeyPoint};
pub use values::MaterialValues;

use crate::history::GameHistory;
use crate::law::{MoveKind, PlyClass};
use crate::{Color, Position, Role, Square};
use departure::{net_after_departure, Departure};
use exchange::{captures_on, gain, prize};
use floating::Ledger;
use self_destroying::Attribution;
use through_checks::{checking_moves, own_captures, Search};

/// Whose own chase counts (1999 §27.1–27.2, 2011 §26.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnChase {
    /// A chase by this piece alone is idle (1999 §27.1 for the king).
    Idle,
    /// Idle unless both sides keep attacking (1999 §27.2 for the pawn); the loop judge decides.
    IdleUnlessMutual,
    /// It is a chase like any other (2011 §26.1).
    Counts,
}

/// The articles the classifier's notes cite, by edition.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct DefinitionArticles {
    /// 将 (1999 §28.1, 2011 §24.1).
    pub check: &'static str,
    /// 杀 (1999 §28.2, 2011 §24.2).
    pub mate_threat: &'static str,
    /// 捉 (1999 §28.3, §29; 2011 §24.3).
    pub chase: &'static str,
    /// A chase must be new with the move (1999 §29.2; 2011 §24.3 "走子后…能", §26.1.1 "新的捉").
    pub new_chase: &'static str,
    /// The king's own chase is idle (1999 §27.1; 2011 §26.1 "本身允许长捉").
    pub king_own: &'static str,
    /// The pawn's own chase (1999 §27.2; 2011 §26.1).
    pub pawn_own: &'static str,
    /// A king move answering check (2011 §26.1.2; no 1999 article).
    pub king_answers_check: &'static str,
    /// An attack the opponent's check or mate threat only suspended is not new when the move
    /// answers it (1999 §29.2 and chapter 7 example 6, 从捉到捉; 2011 §26.1.1, §26.1.2 "新的捉").
    pub standing_attack: &'static str,
    /// A chase an answer to a check makes only because the check moved or exposed the checker's
    /// own piece is the checker's doing (2011 §26.1.2, §26.3; no 1999 article).
    pub checker_exposed_chase: &'static str,
    /// 兑 (1999 §28.5, 2011 §24.4).
    pub exchange: &'static str,
    /// 献 (1999 §28.6, 2011 §24.5).
    pub offer: &'static str,
    /// 拦 (1999 §28.7, 2011 §24.6).
    pub block: &'static str,
    /// 跟 (1999 §28.8, 2011 §24.7).
    pub follow: &'static str,
    /// Crossed-pawn trades (2011 §26.6; no 1999 article).
    pub pawn_trades: &'static str,
    /// The defensive key point (1999 §27.3, 2011 §26.2).
    pub defensive_key_point: &'static str,
    /// A pawn's captures with another piece's check (2011 §26.7; no 1999 article).
    pub pawn_discovered: &'static str,
    /// Root and pinned pieces capturing (2011 §26.5; no 1999 article).
    pub root_and_pinned_captures: &'static str,
    /// Same-kind exchange offers that cost the acceptor (2011 §26.9; no 1999 article).
    pub costly_offers: &'static str,
    /// Rook and horse against a horse, rook and cannon against a cannon (2011 §26.10.2; no 1999
    /// article).
    pub rook_pair_contact: &'static str,
    /// Rook and horse against an unrooted horse, rook and cannon against an unrooted cannon: a
    /// chase (2011 §26.10.1; 1999 needs no article, the general chase §28.3, §29 applies).
    pub rook_pair_unrooted: &'static str,
    /// A false root that cannot leave its line to recapture (2011 §24.16; 1999 §28.16 is read
    /// by legality only).
    pub false_root: &'static str,
    /// A piece with fewer roots than attackers counts as unprotected, and its attackers chase it
    /// jointly (2011 §24.15 少根子, §24.17 联合捉子; 1999 §28.16 "假根子和少根子按无根子处理",
    /// §29.3).
    pub insufficient_root: &'static str,
    /// 自斃, a check that leaves the checker mated (2011 §24.18, §26.3; no 1999 article).
    pub self_destroying_check: &'static str,
}

impl DefinitionArticles {
    /// The 1999 articles.
    pub const CXA_1999: DefinitionArticles = DefinitionArticles {
        check: "§28.1",
        mate_threat: "§28.2",
        chase: "§28.3, §29",
        new_chase: "§29.2",
        king_own: "§27.1",
        pawn_own: "§27.2",
        king_answers_check: "",
        standing_attack: "§29.2, chapter 7 example 6",
        checker_exposed_chase: "",
        exchange: "§28.5",
        offer: "§28.6",
        block: "§28.7",
        follow: "§28.8",
        pawn_trades: "§25.3",
        defensive_key_point: "§27.3",
        pawn_discovered: "",
        root_and_pinned_captures: "",
        costly_offers: "",
        rook_pair_contact: "",
        rook_pair_unrooted: "",
        false_root: "§28.16",
        insufficient_root: "§28.16, §29.3",
        self_destroying_check: "",
    };

    /// The 2011 articles.
    pub const CXA_2011: DefinitionArticles = DefinitionArticles {
        check: "§24.1",
        mate_threat: "§24.2",
        chase: "§24.3",
        new_chase: "§24.3, §26.1.1",
        king_own: "§26.1",
        pawn_own: "§26.1",
        king_answers_check: "§26.1.2",
        standing_attack: "§26.1.1, §26.1.2",
        checker_exposed_chase: "§26.1.2, §26.3",
        exchange: "§24.4",
        offer: "§24.5",
        block: "§24.6",
        follow: "§24.7",
        pawn_trades: "§26.6",
        defensive_key_point: "§26.2",
        pawn_discovered: "§26.7",
        root_and_pinned_captures: "§26.5",
        costly_offers: "§26.9",
        rook_pair_contact: "§26.10.2",
        rook_pair_unrooted: "§26.10.1",
        false_root: "§24.16",
        insufficient_root: "§24.15, §24.17",
        self_destroying_check: "§24.18, §26.3",
    };
}

/// The edition's definitions that the classifier needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Definitions {
    /// The ruleset whose articles the notes cite.
    pub ruleset: String,
    /// Material values (§25.3).
    pub values: MaterialValues,
    /// Whether the king's own chase counts.
    pub king_chase: OwnChase,
    /// Whether the pawn's own chase counts.
    pub pawn_chase: OwnChase,
    /// Mate threat (杀): the number of the mover's consecutive checking moves searched for a
    /// mate had it another move (1 = mate in one check).
    pub mate_threat_checks: u8,
    /// Chase through checks (通过连续照将吃子, 1999 §29.1): how many checks may precede the
    /// winning capture.
    pub chase_checks: u8,
    /// 1999 §27.3, 2011 §26.2: a chase of advisors or elephants only, by a piece that occupies a
    /// defensive key point, is idle; 2011 only when the defender has a single attacking piece
    /// (the readings are in `defensive.rs`).
    #[serde(default)]
    pub defensive_key_point: DefensiveKeyPoint,
    /// 2011 §26.1.2: a chase or mate threat made by a king move that answers a check is idle
    /// ("走动帅（将）应将而产生的捉、杀，按闲处理"). 1999 has no such article: there a king's
    /// own chase is idle anyway (§27.1) but a mate threat it makes counts.
    pub king_answering_check_idle: bool,
    /// A chase made by a move (not the king's) answering a check that exists only because the
    /// check moved or exposed the checker's own piece — with the check undone and the answer
    /// played, the answer chases nothing there — is idle (the reading is in `exposed.rs`).
    /// 2011: on, §26.1.2 "走动其他棋子应将后产生新的捉" asks for a *new* chase and §26.3 "一方形成
    /// 自斃，应由己方负责，不得视为另一方造成" makes the checker answer for its own check. 1999:
    /// off, §29.2 read literally (the chase arises from the move just played; no article puts it
    /// on the checker).
    pub checker_exposed_chase_idle: bool,
    /// 2011 §26.6: a crossed pawn traded for any piece but a rook is no gain ("此外换取其他一子
    /// 或数子均不算得子"), so a crossed pawn attacking a protected horse, cannon, advisor or
    /// elephant does not chase it. 1999 (§25.3) values a crossed pawn below a horse.
    pub pawn_trades_only_for_rook: bool,
    /// 2011 §26.7 "兵（卒）借其他子抽吃對方的子，按閑處理；兵（卒）吃子時產生其他子將軍，按捉
    /// 處理": a piece won through checks whose final capture only a pawn can make is the pawn's
    /// own (抽吃 with another piece's check), idle like its own chase; a pawn capture that
    /// discovers a check by another piece is a chase, not the pawn's own. 1999 has no such
    /// article: a piece won through checks is a chase, and a pawn capture is the pawn's own.
    pub pawn_discovered_captures: bool,
    /// 2011 §26.10.2 "被接觸的馬（炮）有根，且主動接受邀兌后其根無損失，為兌": a rook and a horse
    /// (cannon) both in contact with a horse (cannon) that has a root, the two horses (cannons)
    /// attacking each other: if the contacted piece takes ours and then none of its roots can be
    /// won, it is an exchange, not a (joint) chase. 1999 has no such article.
    pub rook_pair_contact_exchange: bool,
    /// 2011 §26.5 "做根子和被牵子捉子，交换后价值相当或得子者，为捉；得不偿失者，为闲": a capture
    /// by a piece that protects (root) or shields (pinned) another piece chases only if it wins
    /// at least what its leaving loses (the reading is in `departure.rs`). 1999 counts only the
    /// exchange on the captured piece's point.
    pub root_and_pinned_captures: bool,
    /// With [`Definitions::root_and_pinned_captures`]: a capturer that moves along an opponent
    /// cannon's line onto the captured point, becoming the cannon's only screen before a piece
    /// of ours, gave up the shield it made there (§26.5 被牵子): what the cannon then wins counts
    /// against the capture. 2011: on (the reading is in `departure.rs`; the same weighing serves
    /// §24.16 and §26.9). Off: §26.5 for roots and blocking shields only. 1999 counts no such
    /// loss at all (chapter 7 example 4).
    pub screen_landing_counts: bool,
    /// 2011 §26.9 "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按捉处理": two pieces
    /// of one kind attacking each other are an exchange offer (兑), except that the offer is a
    /// chase of the offered piece when taking ours would leave the acceptor mated by checks or
    /// down in material (its piece was a root, pinned, or guarding a mate). 1999 (chapter 7
    /// example 3) always calls it 兑.
    pub costly_offers: bool,
    /// 2011 §24.16 "形式上是根，实际上不能离线反吃，则称为假根。假根按无根子处理": a root whose
    /// recapture would lose its side more than it wins, through what the root stops protecting
    /// or shielding (the §26.5 reading of `departure.rs`), cannot leave its line: the piece it
    /// protects counts as unprotected. Off: only a root that cannot legally recapture (pinned to
    /// its king) is false, the reading kept for 1999 §28.16 ("实际上起不到充分保护作用"), whose
    /// chapter 7 example 4 counts no such duties.
    pub false_roots_by_duty: bool,
    /// 2011 §24.18, §26.3 (自斃): a mate threat made by a move answering a check is the
    /// checker's own doing, not a mate threat of the answer, when none of its mating attacks
    /// works with that check undone (the reading is in `self_destroying.rs`); one that still
    /// works is a new 杀法 and counts. 1999 has no such article: the answer's mate threat counts.
    pub self_destroying_check: bool,
    /// The articles the notes cite.
    pub articles: DefinitionArticles,
}

impl Definitions {
    /// A hash of the definitions, to tell cached classifications apart.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }

    /// The 1999 definitions (CXA 1999 §25.3, §27.1–27.2, §28, §29), citing `ruleset`.
    pub fn cxa_1999(ruleset: &str) -> Definitions {
        Definitions {
            ruleset: ruleset.to_owned(),
            values: MaterialValues::CXA_1999,
            king_chase: OwnChase::Idle,
            pawn_chase: OwnChase::IdleUnlessMutual,
            mate_threat_checks: 3,
            chase_checks: 1,
            defensive_key_point: DefensiveKeyPoint::AnyDefender,
            king_answering_check_idle: false,
            checker_exposed_chase_idle: false,
            pawn_trades_only_for_rook: false,
            pawn_discovered_captures: false,
            rook_pair_contact_exchange: false,
            root_and_pinned_captures: false,
            screen_landing_counts: false,
            costly_offers: false,
            false_roots_by_duty: false,
            self_destroying_check: false,
            articles: DefinitionArticles::CXA_1999,
        }
    }

    /// The 2011 trial definitions (CXA 2011 §24, §26.1–26.10), citing `ruleset`.
    ///
    /// Differences from [`Definitions::cxa_1999`]: the pawn's own chase is allowed without the
    /// 1999 exception for mutual attacks (§26.1 "帅（将）、兵（卒）本身允许长捉"); a king move
    /// answering check makes neither chase nor mate threat (§26.1.2); the defensive key point
    /// needs a defender with a single attacking piece (§26.2); a crossed pawn gains only
    /// against a rook (§26.6). §24.4's exchange between different kinds of equal value needs no
    /// knob: an even exchange is no gain (so no chase) and the idle kind 兑 compares values in
    /// both editions (1999 §28.5 "同等子力"). Mate threat (§24.2 "下一着将军或连续将军") and chase through
    /// checks (§24.3 "从下一着开始运用连续将军得子") keep the 1999 depths.
    pub fn cxa_2011(ruleset: &str) -> Definitions {
        Definitions {
            ruleset: ruleset.to_owned(),
            values: MaterialValues::STANDARD,
            king_chase: OwnChase::Idle,
            pawn_chase: OwnChase::Idle,
            mate_threat_checks: 3,
            chase_checks: 1,
            // §26.2 "守和方只有一個進攻子時": 1999 §27.3 with a single attacking piece.
            defensive_key_point: DefensiveKeyPoint::SingleAttacker,
            king_answering_check_idle: true,
            checker_exposed_chase_idle: true,
            pawn_trades_only_for_rook: true,
            pawn_discovered_captures: true,
            rook_pair_contact_exchange: true,
            root_and_pinned_captures: true,
            screen_landing_counts: true,
            costly_offers: true,
            false_roots_by_duty: true,
            self_destroying_check: true,
            articles: DefinitionArticles::CXA_2011,
        }
    }
}

/// One chased piece.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChaseTarget {
    /// Where the chased piece stands.
    pub target: Square,
    /// Its role.
    pub role: Role,
    /// The pieces that could win it.
    pub by: Vec<Square>,
    /// How: `direct`, `exchange` or `checks`.
    pub via: ChaseVia,
    /// Whether only the king could win it.
    pub king_only: bool,
    /// Whether only pawns could win it.
    pub pawn_only: bool,
    /// 联合捉子 (2011 §24.17): no single one of the attackers wins it on its own — the
    /// exchange on its point wins material only with a second attacker (so its root is
    /// insufficient, 少根, §24.15).
    pub joint: bool,
    /// An edition's article that decided this attack against the general definition: some make
    /// an attack idle (it is kept, so notes can say why), others make it a chase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception: Option<ChaseException>,
}

/// An article that overrides the general definition of a chase for one attacked piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "article", rename_all = "snake_case")]
pub enum ChaseException {
    /// 2011 §26.5: every attacker is a root or pinned piece whose capture loses more than it
    /// wins (得不偿失): idle.
    Outweighed {
        /// The piece the capture would abandon.
        lost: Square,
        /// Its role.
        role: Role,
        /// The net of the best such capture (negative).
        net: i32,
        /// Whether the capturer is that piece's root (做根子) rather than its shield (被牵子).
        root: bool,
    },
    /// 2011 §26.10.2, first sentence: a rook and a piece of the target's kind against a horse
    /// or cannon with a root that keeps its roots after taking ours: an exchange (兑), idle.
    RookPairExchange,
    /// 2011 §26.10.2, second sentence: the rook's side adds a further piece to that contact,
    /// making exchange and chase (兑兼捉): a chase.
    RookPairReinforced,
    /// 2011 §24.16: the piece's only roots cannot leave their line to recapture (假根, recapturing
    /// would abandon more than it wins): it counts as unprotected, a chase.
    FalseRoot {
        /// The root that cannot leave its line.
        root: Square,
    },
    /// 2011 §26.9: a same-kind exchange offer whose acceptance leaves the acceptor mated by
    /// checks or down in material: a chase.
    CostlyOffer {
        /// The piece the acceptor would then lose, if material is the cost.
        lost: Option<Square>,
        /// Its role.
        role: Option<Role>,
        /// Whether accepting leaves it mated by checks.
        mated: bool,
    },
}

impl ChaseException {
    /// Whether the article makes the attack idle.
    pub fn is_idle(self) -> bool {
        matches!(
            self,
            ChaseException::Outweighed { .. } | ChaseException::RookPairExchange
        )
    }
}

impl ChaseTarget {
    /// Whether the chased piece counts as unprotected (无根子, 2011 §24.15–24.16): it has no
    /// root that can legally recapture (no root, or a false root, 假根), its roots are fewer than
    /// the attackers (少根: a joint chase), or checks win it whatever its roots.
    pub fn rootless(&self) -> bool {
        matches!(self.via, ChaseVia::Direct | ChaseVia::Checks) || self.joint
    }

    /// Whether an article made this attack idle (see [`ChaseException::is_idle`]).
    pub fn overruled(&self) -> bool {
        self.exception.is_some_and(ChaseException::is_idle)
    }
}

/// How a chased piece would be won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChaseVia {
    /// It has no root: captured outright (无根子).
    Direct,
    /// It has a root, but a complete exchange wins material (假根, 少根, or a weaker attacker).
    Exchange,
    /// Continuous checks lead to its capture (连续照将吃子).
    Checks,
}

/// The full classification of a ply: the summary that judges and reports use, plus the chase
/// details a judge may need (own chases of king and pawn).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classification {
    /// Kinds, targets and notes.
    pub class: PlyClass,
    /// Chases made by the move (new ones, §29.2), including those by king or pawn alone.
    pub chases: Vec<ChaseTarget>,
}

/// Classifies ply `ply` (1-based) of `history` under `defs`.
///
/// The result is kept with the history, so asking again is cheap.
pub fn classify(history: &GameHistory, ply: u32, defs: &Definitions) -> Classification {
    history.memo(defs.fingerprint(), ply, || {
        let previous = ply.checked_sub(2).map(|p| history.position(p));
        classify_move_with_previous(
            previous,
            history.position(ply - 1),
            history.position(ply),
            defs,
        )
    })
}

/// Classifies the move from `before` (mover to move) to `after` (opponent to move), without the
/// opponent's previous move: as [`classify_move_with_previous`] with no `previous` position, so
/// 自斃 (2011 §24.18) is not considered.
pub fn classify_move(before: &Position, after: &Position, defs: &Definitions) -> Classification {
    classify_move_with_previous(None, before, after, defs)
}

/// Classifies the move from `before` (mover to move) to `after` (opponent to move), given
/// `previous`, the position before the opponent's last move (the one that led to `before`), when
/// there is one: 2011 §24.18 and §26.3 (自斃) ask whether a mate threat made in answer to a check
/// was the checker's own doing, which needs the position before that check.
pub fn classify_move_with_previous(
    previous: Option<&Position>,
    before: &Position,
    after: &Position,
    defs: &Definitions,
) -> Classification {
    let mover = before.turn();
    let mut out = Classification::default();
    let r = &defs.ruleset;
    let a = &defs.articles;
    if let Some(k) = after.king(!mover) {
        if after.is_check() {
            out.class.kinds.push(MoveKind::Check);
            out.class.targets.push(k);
            out.class.notes.push(format!(
                "check: the {} king on {k} is attacked ({r} {})",
                !mover, a.check
            ));
        }
    }
    // 2011 §26.1.2: what a king move answering check creates is idle.
    let king_answers = defs.king_answering_check_idle
        && before.is_check()
        && after_move(before, after)
            .and_then(|(_, to)| after.board().get(to))
            .is_some_and(|o| o.role == Role::King);
    // 2011 §24.18, §26.3: a mate threat that the answered check left behind (自斃).
    let mut self_destroyed = None;
    if out.class.kinds.is_empty() {
        // "Had the mover another move": the same placement with the mover to move again.
        let again = after.passed();
        if after.king(!mover).is_some() && mates_by_checks(&again, defs.mate_threat_checks) {
            let attribution = if king_answers {
                None
            } else {
                self_destroying::attribute(previous, before, after, defs)
            };
            if king_answers {
                out.class.notes.push(format!(
                    "the king answers a check: the mate threat it creates is idle ({r} {})",
                    a.king_answers_check
                ));
            } else if let Some(Attribution::SelfDestroying(check)) = attribution {
                self_destroyed = Some(check);
            } else {
                out.class.kinds.push(MoveKind::MateThreat);
                if let Some(k) = after.king(!mover) {
                    out.class.targets.push(k);
                }
                out.class.notes.push(format!(
                    "mate threat: with another move {mover} would mate by checks within {} moves ({r} {})",
                    defs.mate_threat_checks, a.mate_threat
                ));
                if let Some(Attribution::NewMate(check)) = attribution {
                    out.class
                        .notes
                        .push(self_destroying::new_mate_note(&check, defs));
                }
            }
        }
        let now = chased(&again, defs);
        let earlier = chased(before, defs);
        let mut standing = standing::StandingAttacks::new(previous, before, defs);
        let mut exposure = exposed::Exposure::new(previous, before, after, defs);
        for c in now {
            // An attack an article made idle before the move does not stop a chase now; one
            // that an article makes idle now is kept for its note.
            // The king's or a pawn's own attack before the move does not stop a chase by
            // other pieces now ("走动后其他子产生新的捉", 2011 §26.1.1; 1999 §29.2 "上一着尚不存在").
            if !c.overruled()
                && earlier.iter().any(|e| {
                    e.target == c.target && !e.overruled() && (counts(e, defs) || !counts(&c, defs))
                })
            {
                out.class.notes.push(format!(
                    "{} on {} was already attacked before this move: not a new chase ({r} {})",
                    c.role, c.target, a.new_chase
                ));
                continue;
            }
            // 从捉到捉 across the opponent's check or mate threat (standing.rs).
            if let Some(how) = (!king_answers).then(|| standing.suspended(&c)).flatten() {
                out.class.notes.push(standing::note(&c, how, mover, defs));
                continue;
            }
            // 2011 §26.1.2, §26.3: what the answered check gave away (exposed.rs).
            if let Some(check) = (!king_answers).then(|| exposure.exposed(&c)).flatten() {
                out.class.notes.push(exposed::note(&c, check, defs));
                continue;
            }
            out.chases.push(c);
        }
        let counted: Vec<&ChaseTarget> = out.chases.iter().filter(|c| counts(c, defs)).collect();
        for c in &out.chases {
            if let Some(note) = exception_note(c, mover, defs) {
                out.class.notes.push(note);
            }
            if c.overruled() {
                continue;
            }
            if c.king_only && defs.king_chase != OwnChase::Counts {
                out.class.notes.push(format!(
                    "only the king attacks {} on {}: idle ({r} {})",
                    c.role, c.target, a.king_own
                ));
            } else if c.pawn_only && c.via == ChaseVia::Checks {
                out.class.notes.push(format!(
                    "only a pawn can make the capture that checks would win {} on {}: a pawn's \
                     drawing capture (抽吃) with another piece's check, idle ({r} {})",
                    c.role, c.target, a.pawn_discovered
                ));
            } else if c.pawn_only && defs.pawn_chase != OwnChase::Counts {
                let why = if defs.pawn_chase == OwnChase::IdleUnlessMutual {
                    "idle unless both sides keep attacking"
                } else {
                    "idle"
                };
                out.class.notes.push(format!(
                    "only pawns attack {} on {}: {why} ({r} {})",
                    c.role, c.target, a.pawn_own
                ));
            }
        }
        let to = after_move(before, after).map(|m| m.1);
        let incidental = defensive::incidental_chase(after, to, &counted, defs);
        let counts = !counted.is_empty() && !incidental.as_ref().is_some_and(|i| i.idle);
        out.class.notes.extend(incidental.map(|i| i.note));
        if counts && king_answers {
            out.class.notes.push(format!(
                "the king answers a check: the chase it creates is idle ({r} {})",
                a.king_answers_check
            ));
        } else if counts {
            out.class.kinds.push(MoveKind::Chase);
            for c in counted {
                out.class.targets.push(c.target);
                if c.exception.is_some() {
                    continue; // its note, citing the article, is written above
                }
                let how = match (c.via, c.joint) {
                    (ChaseVia::Direct, _) => "no root can recapture it".to_owned(),
                    (ChaseVia::Exchange, true) => format!(
                        "its roots are fewer than the attackers, none of which wins it alone: a \
                         joint chase (联合捉子) of a piece with too few roots (少根子, {r} {})",
                        a.insufficient_root
                    ),
                    (ChaseVia::Exchange, false) => match weaker_attacker(&again, c, defs) {
                        Some((s, role)) => format!(
                            "the {role} on {s} is worth less, so a complete exchange wins \
                             material even against its root"
                        ),
                        None => "a complete exchange wins material (false or insufficient root)"
                            .to_owned(),
                    },
                    (ChaseVia::Checks, _) => {
                        "a check from there wins it whatever the reply (连续照将吃子)".to_owned()
                    }
                };
                let by: Vec<String> = c.by.iter().map(|s| s.to_string()).collect();
                out.class.notes.push(format!(
                    "chase: {} on {} can be won next move by {}: {how} ({r} {})",
                    c.role,
                    c.target,
                    by.join(", "),
                    a.chase
                ));
                // 2011 §26.10.1 "被接觸的馬（炮）無根，則車方為捉": the rook pair's contact with
                // an unrooted horse (cannon) is the chase the general definition finds.
                let pair = (defs.rook_pair_contact_exchange && c.via == ChaseVia::Direct)
                    .then(|| rook_pair_unrooted(&again, c))
                    .flatten();
                if let Some((rook, ours)) = pair {
                    out.class.notes.push(format!(
                        "the rook on {rook} and the {} on {ours} in contact with the {} on {}, \
                         which has no root: the rook's side chases ({r} {})",
                        c.role, c.role, c.target, a.rook_pair_unrooted
                    ));
                }
                // 2011 §26.7: the pawn's capture uncovers another piece's check.
                let pawns =
                    c.by.iter()
                        .all(|s| again.board().get(*s).is_some_and(|o| o.role == Role::Pawn));
                if defs.pawn_discovered_captures
                    && pawns
                    && !c.pawn_only
                    && c.via != ChaseVia::Checks
                {
                    out.class.notes.push(format!(
                        "the pawn's capture of {} on {} uncovers a check by another piece: a \
                         chase, not the pawn's own ({r} {})",
                        c.role, c.target, a.pawn_discovered
                    ));
                }
            }
        }
    }
    if let Some(check) = self_destroyed {
        self_destroying::settle(&check, after.king(!mover), defs, &mut out.class);
    }
    if out.class.kinds.is_empty() {
        // 2011 §26.10.2 names the contact an exchange (兑).
        let pair = out
            .chases
            .iter()
            .find(|c| c.exception == Some(ChaseException::RookPairExchange));
        if let Some(c) = pair {
            out.class.kinds.push(MoveKind::ExchangeOffer);
            out.class.targets.push(c.target);
        } else {
            idle_kind(before, after, defs, &mut out.class);
        }
    }
    out
}

/// The first attacker of `c` in `pos` worth less than the chased piece (not the king): such an
/// attacker wins the piece in a complete exchange even when its root recaptures (1999 §29.1
/// "能够通过完整的交换过程得子", 2011 §24.3).
fn weaker_attacker(pos: &Position, c: &ChaseTarget, defs: &Definitions) -> Option<(Square, Role)> {
    let target = pos.board().get(c.target)?;
    let worth = defs.values.of(target, c.target);
    c.by.iter().find_map(|&s| {
        let o = pos.board().get(s)?;
        (o.role != Role::King && defs.values.of(o, s) < worth).then_some((s, o.role))
    })
}

/// Whether a chase counts as the mover's chase under `defs` (not the king's or a pawn's own).
fn counts(c: &ChaseTarget, defs: &Definitions) -> bool {
    let king_idle = c.king_only && defs.king_chase != OwnChase::Counts;
    let pawn_idle = c.pawn_only && defs.pawn_chase != OwnChase::Counts;
    !king_idle && !pawn_idle && !c.overruled()
}

/// The note for an attack an edition's article decided against the general definition.
fn exception_note(c: &ChaseTarget, mover: Color, defs: &Definitions) -> Option<String> {
    let r = &defs.ruleset;
    let a = &defs.articles;
    let by: Vec<String> = c.by.iter().map(|s| s.to_string()).collect();
    let by = by.join(", ");
    Some(match c.exception? {
        ChaseException::Outweighed {
            lost,
            role,
            net,
            root,
        } => format!(
            "{} on {} could be taken by {by}, but the capturer {} the {role} on {lost}, which {} \
             would then win: the capture loses more than it gains (得不偿失, net {net}), idle \
             ({r} {})",
            c.role,
            c.target,
            if root {
                "is the root of (做根子)"
            } else {
                "shields (被牵子)"
            },
            !mover,
            a.root_and_pinned_captures
        ),
        ChaseException::RookPairExchange => format!(
            "the rook and the {} of ours ({by}) in contact with the {} on {}, which has a root and \
             keeps it after taking ours: an exchange (兑), idle ({r} {})",
            c.role, c.role, c.target, a.rook_pair_contact
        ),
        ChaseException::RookPairReinforced => format!(
            "a further piece joins the rook and the {} against the {} on {} ({by}): exchange \
             and chase (兑兼捉), a chase ({r} {})",
            c.role, c.role, c.target, a.rook_pair_contact
        ),
        ChaseException::FalseRoot { root } => format!(
            "{} on {} can be won by {by}: its root on {root} cannot leave its line to recapture \
             without losing more than it wins (假根, treated as unprotected), a chase ({r} {})",
            c.role, c.target, a.false_root
        ),
        ChaseException::CostlyOffer { lost, role, mated } => {
            let cost = match (mated, lost, role) {
                (true, _, _) => format!("leaves {} mated by checks (立即被杀)", !mover),
                (false, Some(q), Some(role)) => format!(
                    "costs {} the {role} on {q}, which it stops protecting or shielding \
                     (子力价值受损)",
                    !mover
                ),
                _ => format!("costs {} material (子力价值受损)", !mover),
            };
            format!(
                "offers the {} on {} an exchange with {by}; accepting it {cost}: a chase \
                 ({r} {})",
                c.role, c.target, a.costly_offers
            )
        }
    })
}

impl Classification {
    /// The chases that make this ply a chase (捉) under `defs`: none unless the ply is
    /// classified as a chase; not the king's or a pawn's own chases.
    pub fn counted_chases<'a>(
        &'a self,
        defs: &'a Definitions,
    ) -> impl Iterator<Item = &'a ChaseTarget> + 'a {
        let chase = self.class.has(MoveKind::Chase);
        self.chases.iter().filter(move |c| chase && counts(c, defs))
    }
}

/// Whether the side to move mates by a sequence of at most `checks` checking moves, whatever
/// the defender replies.
pub fn mates_by_checks(pos: &Position, checks: u8) -> bool {
    checks > 0
        && pos
            .legal_moves()
            .into_iter()
            .any(|m| mates_with(pos, m, checks))
}

/// Whether the legal move `m` of the side to move starts a mate by at most `checks` checking
/// moves (itself the first), whatever the defender replies.
pub fn mates_with(pos: &Position, m: crate::Move, checks: u8) -> bool {
    if checks == 0 {
        return false;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    let them = next.turn();
    if next.king(them).is_none() {
        return true; // king captured (rules allowing it)
    }
    if !next.is_check() {
        return false;
    }
    let replies = safe_moves(&next);
    replies.is_empty()
        || (checks > 1
            && replies.iter().all(|&r| {
                let mut after = next.clone();
                after.play_unchecked(r);
                mates_by_checks(&after, checks - 1)
            }))
}

/// The opponent pieces the side to move could win next move (1999 §29.1, §29.3, §29.4): pieces
/// of material value that a legal capture wins outright or by a complete exchange, or that a
/// check wins, provided the winning side is not then mated at once.
pub fn chased(pos: &Position, defs: &Definitions) -> Vec<ChaseTarget> {
    let us = pos.turn();
    let them = !us;
    let mut out: Vec<ChaseTarget> = Vec::new();
    // Generated once for every target: the captures, and (when needed) the checking moves.
    let caps = pos.legal_captures();
    let mut checking: Option<Vec<(crate::Move, Position)>> = None;
    for t in pos.board().by_color(them) {
        let Some(occ) = pos.board().get(t) else {
            continue;
        };
        if defs.values.of(occ, t) <= 0 {
            continue; // the king and uncrossed pawns are not material (§25.3)
        }
        let mut by = Vec::new();
        let mut via = ChaseVia::Direct;
        let mut wins_alone = false;
        // 2011 §26.7: a pawn capture that gives check by another piece.
        let mut discovers_check = false;
        // 2011 §26.5: captures by roots or pinned pieces that lose more than they win.
        let mut outweighed: Vec<(Square, i32, Departure, bool)> = Vec::new();
        // 2011 §26.9: same-kind offers whose acceptance costs the acceptor.
        let mut costly: Option<(Square, ChaseException)> = None;
        // 2011 §24.16: the false root of a target won as if unprotected.
        let mut false_root: Option<Square> = None;
        for m in caps.iter().copied().filter(|m| m.to == t) {
            let mut g = gain(pos, m, &defs.values);
            if g <= 0 && !defs.costly_offers && !defs.false_roots_by_duty {
                continue;
            }
            if mutual_same_role(pos, m) && !(g > 0 && rooted_after(pos, m)) {
                // Two pieces of one kind attacking each other offer an exchange (兑) or an
                // offer (献), not a chase: 1999 chapter 7 example 3, "黑方一捉一兑". (Pieces of
                // different kinds never attack each other both ways.) 2011 §26.9: unless
                // accepting costs the acceptor. A rooted piece that the exchange still wins
                // (a second attacker of ours: 少根, 1999 §28.16, §29.1) is chased, not offered.
                if defs.costly_offers && costly.is_none() {
                    costly = costly_offer(pos, m, defs).map(|e| (m.from, e));
                }
                continue;
            }
            // 2011 §24.16: roots that cannot leave their line do not protect.
            let mut false_roots = None;
            if g <= 0 {
                if !defs.false_roots_by_duty {
                    continue;
                }
                let Some(roots) = duty_bound_roots(pos, m, defs) else {
                    continue;
                };
                g = prize(&defs.values, Some(occ), t);
                false_roots = Some(roots);
            }
            if mated_after(pos, m) {
                continue; // §29.4
            }
            let mut next = pos.clone();
            next.play_unchecked(m);
            let recapture = false_roots.is_none() && captures_on(&next, t).next().is_some();
            let capturer = pos.board().get(m.from);
            let capturer_value = prize(&defs.values, capturer, m.from);
            if recapture
                && defs.pawn_trades_only_for_rook
                && capturer.is_some_and(|c| c.role == Role::Pawn)
                && occ.role != Role::Rook
            {
                continue; // 2011 §26.6: a crossed pawn for anything but a rook gains nothing
            }
            if defs.root_and_pinned_captures {
                if let Some((net, d)) =
                    net_after_departure(pos, m, g, &defs.values, defs.screen_landing_counts)
                {
                    if net < 0 {
                        outweighed.push((m.from, net, d, recapture));
                        continue; // 2011 §26.5: 得不偿失
                    }
                }
            }
            if false_roots.is_some() {
                false_root = false_roots;
            }
            if recapture {
                via = ChaseVia::Exchange;
            }
            // Won by this attacker alone: no recapture, or the target outweighs the attacker.
            if !recapture || defs.values.of(occ, t) > capturer_value {
                wins_alone = true;
            }
            if defs.pawn_discovered_captures
                && capturer.is_some_and(|c| c.role == Role::Pawn)
                && next.checkers().iter().any(|s| s != m.to)
            {
                discovers_check = true;
            }
            by.push(m.from);
        }
        // The captures of `t` already possible, which no check wins anew (through_checks.rs).
        let mut own = Vec::new();
        if by.is_empty() && defs.chase_checks > 0 {
            own = own_captures(pos, caps.iter().copied().filter(|m| m.to == t), defs);
            let checking = checking.get_or_insert_with(|| checking_moves(pos));
            let search = Search {
                t,
                defs,
                pawns: true,
                own: &own,
            };
            if let Some(checker) = search.wins(defs.chase_checks, checking, Ledger::default()) {
                via = ChaseVia::Checks;
                by.push(checker);
            }
        }
        let mut exception = None;
        if let (Some(root), ChaseVia::Direct, false) = (false_root, via, by.is_empty()) {
            exception = Some(ChaseException::FalseRoot { root });
        }
        if by.is_empty() && via != ChaseVia::Checks {
            if let Some((from, e)) = costly {
                by.push(from);
                via = ChaseVia::Exchange;
                exception = Some(e);
            } else if let Some(&(_, net, d, rooted)) = outweighed.iter().max_by_key(|o| o.1) {
                by.extend(outweighed.iter().map(|o| o.0));
                via = if rooted {
                    ChaseVia::Exchange
                } else {
                    ChaseVia::Direct
                };
                exception = Some(ChaseException::Outweighed {
                    lost: d.lost,
                    role: d.role,
                    net,
                    root: d.root,
                });
            } else {
                continue;
            }
        }
        // A piece won through checks is not the king's or a pawn's own chase.
        let roles: Vec<Role> = if via == ChaseVia::Checks {
            Vec::new()
        } else {
            by.iter()
                .filter_map(|s| pos.board().get(*s))
                .map(|o| o.role)
                .collect()
        };
        let king_only = !roles.is_empty() && roles.iter().all(|r| *r == Role::King);
        let pawn_only = if via == ChaseVia::Checks {
            // 2011 §26.7: won through checks, but only by a pawn's capture (抽吃).
            defs.pawn_discovered_captures
                && checking.as_ref().is_some_and(|c| {
                    let search = Search {
                        t,
                        defs,
                        pawns: false,
                        own: &own,
                    };
                    search
                        .wins(defs.chase_checks, c, Ledger::default())
                        .is_none()
                })
        } else {
            !discovers_check && !roles.is_empty() && roles.iter().all(|r| *r == Role::Pawn)
        };
        let joint = via == ChaseVia::Exchange && !wins_alone && exception.is_none();
        if defs.rook_pair_contact_exchange && via == ChaseVia::Exchange && exception.is_none() {
            exception = rook_pair_contact(pos, t, defs);
        }
        out.push(ChaseTarget {
            target: t,
            role: occ.role,
            by,
            via,
            king_only,
            pawn_only,
            joint,
            exception,
        });
    }
    out
}

/// 2011 §24.16: the capture `m` is answered by recaptures, but each of them loses the recapturing
/// side more than it wins once what the recapturing piece stops protecting or shielding is
/// counted (its net under the §26.5 reading of `departure.rs` is negative): the roots are false
/// (假根, "不能离线反吃"), returned with the first of them. `None` when some root can recapture
/// at no loss.
fn duty_bound_roots(pos: &Position, m: crate::Move, defs: &Definitions) -> Option<Square> {
    let mut next = pos.clone();
    next.play_unchecked(m);
    let mut first = None;
    for r in captures_on(&next, m.to) {
        let g = gain(&next, r, &defs.values);
        let (net, _) = net_after_departure(&next, r, g, &defs.values, defs.screen_landing_counts)?;
        if net >= 0 {
            return None;
        }
        first.get_or_insert(r.from);
    }
    first
}

/// 2011 §26.9: whether offering the exchange `m` (our piece on `m.from` and theirs on `m.to`,
/// of one kind, attacking each other) costs the acceptor: taking ours leaves it mated by checks
/// within the mate-threat depth where it was not before ("立即被杀"), or loses more, through what
/// its piece stops protecting or shielding, than it wins on the point ("子力价值受损", the
/// reading of `departure.rs`).
fn costly_offer(pos: &Position, m: crate::Move, defs: &Definitions) -> Option<ChaseException> {
    let them = pos.passed();
    let accept = captures_on(&them, m.from).find(|x| x.from == m.to)?;
    let mut accepted = them.clone();
    accepted.play_unchecked(accept);
    if mates_by_checks(&accepted, defs.mate_threat_checks)
        && !mates_by_checks(pos, defs.mate_threat_checks)
    {
        return Some(ChaseException::CostlyOffer {
            lost: None,
            role: None,
            mated: true,
        });
    }
    let g = gain(&them, accept, &defs.values);
    let (net, d) = net_after_departure(&them, accept, g, &defs.values, defs.screen_landing_counts)?;
    (net < 0).then_some(ChaseException::CostlyOffer {
        lost: Some(d.lost),
        role: Some(d.role),
        mated: false,
    })
}

/// 2011 §26.10.2: the piece on `t`, a horse or cannon with a root, is in contact with a rook and
/// with a piece of its own kind that it attacks back (the side to move attacks it); if it takes
/// that piece (accepting the exchange) and then no capture wins one of its roots, the contact
/// is an exchange ([`ChaseException::RookPairExchange`]), unless a further piece of ours attacks
/// it too (the second sentence, "如车方增加其他参与子力并产生新的兑兼捉，判捉":
/// [`ChaseException::RookPairReinforced`]). Its roots are the pieces that could recapture on `t`
/// after the rook took it.
fn rook_pair_contact(pos: &Position, t: Square, defs: &Definitions) -> Option<ChaseException> {
    let occ = pos.board().get(t)?;
    if !matches!(occ.role, Role::Horse | Role::Cannon) {
        return None;
    }
    let role_at = |s: Square| pos.board().get(s).map(|o| o.role);
    let captures: Vec<crate::Move> = captures_on(pos, t).collect();
    let rook = captures
        .iter()
        .find(|m| role_at(m.from) == Some(Role::Rook))?;
    let ours = captures
        .iter()
        .find(|m| role_at(m.from) == Some(occ.role) && mutual_same_role(pos, **m))?;
    let mut taken = pos.clone();
    taken.play_unchecked(*rook);
    let roots: Vec<Square> = captures_on(&taken, t).map(|m| m.from).collect();
    if roots.is_empty() {
        return None;
    }
    let them = pos.passed();
    let accept = captures_on(&them, ours.from).find(|m| m.from == t)?;
    let mut accepted = them.clone();
    accepted.play_unchecked(accept);
    let kept = roots
        .iter()
        .all(|&r| captures_on(&accepted, r).all(|m| gain(&accepted, m, &defs.values) <= 0));
    if !kept {
        return None;
    }
    let further = captures
        .iter()
        .any(|m| m.from != rook.from && m.from != ours.from);
    Some(if further {
        ChaseException::RookPairReinforced
    } else {
        ChaseException::RookPairExchange
    })
}

/// 2011 §26.10.1: the chased piece, a horse or cannon won outright (no root, or a false root),
/// is attacked by one of our rooks and attacks back a piece of ours of its own kind that
/// attacks it too: that rook and that piece.
fn rook_pair_unrooted(pos: &Position, c: &ChaseTarget) -> Option<(Square, Square)> {
    if !matches!(c.role, Role::Horse | Role::Cannon) {
        return None;
    }
    let role_at = |s: Square| pos.board().get(s).map(|o| o.role);
    let rook =
        c.by.iter()
            .copied()
            .find(|&s| role_at(s) == Some(Role::Rook))?;
    let ours = captures_on(pos, c.target)
        .find(|&m| role_at(m.from) == Some(c.role) && mutual_same_role(pos, m))?;
    Some((rook, ours.from))
}

/// Whether, after the capture `m`, the captured piece's side can recapture on its point.
fn rooted_after(pos: &Position, m: crate::Move) -> bool {
    let mut next = pos.clone();
    next.play_unchecked(m);
    captures_on(&next, m.to).next().is_some()
}

/// Whether the target of the capture `m` is of the capturer's role and could itself capture the
/// capturer (same-kind pieces attacking each other).
fn mutual_same_role(pos: &Position, m: crate::Move) -> bool {
    let (Some(c), Some(t)) = (pos.board().get(m.from), pos.board().get(m.to)) else {
        return false;
    };
    c.role == t.role && captures_on(&pos.passed(), m.from).any(|r| r.from == m.to)
}

/// Whether, after the capture `m`, the opponent mates at once.
fn mated_after(pos: &Position, m: crate::Move) -> bool {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next.legal_moves().iter().any(|&r| {
        let mut after = next.clone();
        after.play_unchecked(r);
        after.king(after.turn()).is_none() || (after.is_check() && safe_moves(&after).is_empty())
    })
}

/// The legal moves after which the mover's king cannot be captured at once. Under standard
/// rules these are the legal moves; where a king may be left attacked (Jieqi, house rules) a
/// move that leaves it so loses the king, so a side with no other move is as good as mated.
pub fn safe_moves(pos: &Position) -> crate::MoveList {
    let mut moves = pos.legal_moves();
    if pos.rules().king_safety == crate::KingSafety::MayBeLeftAttacked {
        let us = pos.turn();
        moves.retain(|m| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            next.king(us).is_some() && !next.is_king_attacked(us)
        });
    }
    moves
}

/// The idle kinds (1999 §28.5–28.9): offer of exchange (兑), offer (献), follow (跟), block
/// (拦), otherwise plain idle (闲).
fn idle_kind(before: &Position, after: &Position, defs: &Definitions, class: &mut PlyClass) {
    let r = &defs.ruleset;
    let Some(m) = after_move(before, after) else {
        class.kinds.push(MoveKind::Idle);
        return;
    };
    let moved = after.board().get(m.1);
    let mover_value = moved.map_or(0, |o| defs.values.of(o, m.1));
    // 兑 / 献: the moved piece can be taken by an opponent piece of the same value.
    if mover_value > 0 {
        for c in captures_on(after, m.1) {
            let Some(capturer) = after.board().get(c.from) else {
                continue;
            };
            let cv = prize(&defs.values, Some(capturer), c.from);
            if cv != mover_value {
                continue;
            }
            let recapture = {
                let mut next = after.clone();
                next.play_unchecked(c);
                captures_on(&next, m.1).next().is_some()
            };
            if recapture {
                class.kinds.push(MoveKind::ExchangeOffer);
                class.targets.push(c.from);
                class.notes.push(format!(
                    "offers an exchange with the {} on {} ({r} {})",
                    capturer.role, c.from, defs.articles.exchange
                ));
            } else if capturer.role == moved.map_or(Role::King, |o| o.role) {
                class.kinds.push(MoveKind::Offer);
                class.targets.push(c.from);
                class.notes.push(format!(
                    "offers itself to the {} on {} ({r} {})",
                    capturer.role, c.from, defs.articles.offer
                ));
            }
            break;
        }
    }
    if class.kinds.is_empty() {
        // 跟: the moved piece now attacks a protected piece of value without winning it.
        let again = after.passed();
        let follows: Vec<Square> = again
            .legal_captures()
            .iter()
            .filter(|c| c.from == m.1)
            .filter(|c| {
                again
                    .board()
                    .get(c.to)
                    .is_some_and(|o| defs.values.of(o, c.to) > 0)
            })
            // §28.8: 盯牵对方有根子 — the piece followed has a root: taking it is answered.
            .filter(|c| {
                let mut next = again.clone();
                next.play_unchecked(**c);
                captures_on(&next, c.to).next().is_some()
            })
            .map(|c| c.to)
            .collect();
        if let Some(&t) = follows.first() {
            class.kinds.push(MoveKind::Follow);
            class.targets.push(t);
            class.notes.push(format!(
                "follows the protected piece on {t} without winning it ({r} {})",
                defs.articles.follow
            ));
        }
    }
    if class.kinds.is_empty() {
        // 拦: the moved piece stands where an opponent piece could go before, cutting its path.
        let blocked: Vec<Square> = before
            .passed()
            .legal_moves()
            .iter()
            .filter(|x| x.to == m.1)
            .filter(|x| {
                before
                    .board()
                    .get(x.from)
                    .is_some_and(|o| matches!(o.role, Role::Rook | Role::Cannon))
            })
            .map(|x| x.from)
            .collect();
        if let Some(&b) = blocked.first() {
            class.kinds.push(MoveKind::Block);
            class.targets.push(b);
            class.notes.push(format!(
                "blocks the path of the piece on {b} ({r} {})",
                defs.articles.block
            ));
        }
    }
    if class.kinds.is_empty() {
        class.kinds.push(MoveKind::Idle);
    }
}

/// The (from, to) of the move leading from `before` to `after`, found from the boards.
fn after_move(before: &Position, after: &Position) -> Option<(Square, Square)> {
    let mover: Color = before.turn();
    let from = before
        .board()
        .by_color(mover)
        .iter()
        .find(|s| after.board().get(*s).is_none_or(|o| o.color != mover))?;
    let to = after
        .board()
        .by_color(mover)
        .iter()
        .find(|s| before.board().get(*s).is_none_or(|o| o.color != mover))?;
    Some((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveRules, Position};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).expect("legal")
    }

    fn sq(s: &str) -> Square {
        s.parse().expect("a square")
    }

    /// 2011 §26.1.2: a king move answering check that creates a mate threat is idle; 1999 has
    /// no such article and calls it a mate threat. The red king leaves the horse's check (f0 to
    /// e0) and so takes the e-file from the black king: 车a2-d2 would then mate.
    #[test]
    fn king_answering_check_is_idle_in_2011() {
        let before = pos("3k5/9/9/9/9/9/9/R5n2/9/5K3 w - - 0 1");
        assert!(before.is_check());
        let mut after = before.clone();
        after.play("f0e0".parse().expect("ICCS")).expect("legal");
        let old = classify_move(&before, &after, &Definitions::cxa_1999("cxa-1999"));
        assert_eq!(
            old.class.heaviest(),
            MoveKind::MateThreat,
            "{:?}",
            old.class
        );
        let new = classify_move(&before, &after, &Definitions::cxa_2011("cxa-2011"));
        assert_eq!(new.class.heaviest(), MoveKind::Idle, "{:?}", new.class);
        assert!(new.class.notes.iter().any(|n| n.contains("§26.1.2")));
        // Not answering a check, the same king move is a mate threat under 2011 too.
        let quiet = pos("3k5/9/9/9/9/9/9/R8/9/5K3 w - - 0 1");
        let mut after = quiet.clone();
        after.play("f0e0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&quiet, &after, &Definitions::cxa_2011("cxa-2011"));
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
    }

    /// 2011 §26.6: a crossed pawn attacking a protected horse does not chase it (a pawn for a
    /// horse is no gain); against a protected rook it does ("主动送兵换车为捉"). 1999 §25.3
    /// floats the pawn's value: a pawn for any piece is no gain, the rook included.
    #[test]
    fn crossed_pawn_gains_only_against_a_rook_in_2011() {
        let old_defs = Definitions::cxa_1999("cxa-1999");
        let new_defs = Definitions::cxa_2011("cxa-2011");
        // Red pawn e6 attacks the black horse e7, protected by the black rook e9.
        let p = pos("3kr4/9/4n4/4P4/9/9/9/9/9/5K3 w - - 0 1");
        let new = chased(&p, &new_defs);
        assert!(!new.iter().any(|c| c.target == sq("e7")), "{new:?}");
        let old = chased(&p, &old_defs);
        assert!(!old.iter().any(|c| c.target == sq("e7")), "{old:?}");
        // On the fixed scale (no floating value, no §26.6) the pawn would gain the horse.
        let fixed = Definitions {
            values: MaterialValues::STANDARD,
            ..old_defs.clone()
        };
        assert!(chased(&p, &fixed).iter().any(|c| c.target == sq("e7")));
        // A rook protected by the rook e9: a chase in 2011 (a pawn for a rook), none in 1999
        // (§25.3).
        let p = pos("3kr4/9/4r4/4P4/9/9/9/9/9/5K3 w - - 0 1");
        let new = chased(&p, &new_defs);
        assert!(new.iter().any(|c| c.target == sq("e7")), "{new:?}");
        let old = chased(&p, &old_defs);
        assert!(!old.iter().any(|c| c.target == sq("e7")), "{old:?}");
    }

    /// 2011 §26.7, second clause: a pawn capture that discovers a check by another piece is a
    /// chase, not the pawn's own. The red pawn e6 can take the unprotected horse d6, uncovering
    /// the rook e3's check on the black king.
    #[test]
    fn pawn_capture_with_discovered_check_is_a_chase_in_2011() {
        let p = pos("4k4/9/9/3nP4/9/9/4R4/9/9/5K3 w - - 0 1");
        let find = |defs: &Definitions| {
            chased(&p, defs)
                .into_iter()
                .find(|c| c.target == sq("d6"))
                .expect("d6 is won")
        };
        assert!(find(&Definitions::cxa_1999("cxa-1999")).pawn_only);
        let new = find(&Definitions::cxa_2011("cxa-2011"));
        assert!(!new.pawn_only, "{new:?}");
        // Without the rook behind it the capture is the pawn's own in both editions.
        let p = pos("4k4/9/9/3nP4/9/9/9/9/9/5K3 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011("cxa-2011"));
        assert!(
            c.iter().any(|c| c.target == sq("d6") && c.pawn_only),
            "{c:?}"
        );
    }

    /// 2011 §26.1.1 "走动后其他子产生新的捉" with §26.6 and §26.7: the red pawn e5 already
    /// attacks the black rook d5 (protected by the horse e7), its own chase, allowed. The cannon
    /// stepping to e3 makes pawn×d6 uncover its check, so the capture now wins a rook for a pawn as
    /// a chase, not the pawn's own: a new chase, though the rook was attacked before.
    #[test]
    fn a_pawn_attack_turned_into_a_chase_by_another_piece_is_new() {
        let before = pos("4k1b2/9/4n4/9/3rP4/2N6/3C5/9/2N6/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("d3e3".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011("cxa-2011"));
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d5")]);
        assert!(c.class.notes.iter().any(|n| n.contains("§26.7")));
    }

    /// 2011 §26.7, first clause: a pawn's drawing capture (抽吃) with another piece's check is
    /// idle. The red pawn e5 steps to d5, uncovering the rook e3's check; Black's king must go
    /// to d9 (f9 would face the red king), and the pawn then takes the unprotected cannon c5,
    /// which could not block. 1999 calls a piece won through checks a chase.
    #[test]
    fn pawn_drawing_capture_is_idle_in_2011() {
        let p = pos("4k4/9/9/9/2c1P4/9/4R4/9/9/5K3 w - - 0 1");
        let find = |defs: &Definitions| {
            chased(&p, defs)
                .into_iter()
                .find(|c| c.target == sq("c5"))
                .expect("c5 is won through checks")
        };
        let old = find(&Definitions::cxa_1999("cxa-1999"));
        assert!(old.via == ChaseVia::Checks && !old.pawn_only, "{old:?}");
        let new = find(&Definitions::cxa_2011("cxa-2011"));
        assert!(new.via == ChaseVia::Checks && new.pawn_only, "{new:?}");
        // The rook stepping behind the pawn makes that threat: a chase in 1999, idle in 2011
        // (citing §26.7).
        let before = pos("4k4/9/9/9/2c1P4/9/3R5/9/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("d3e3".parse().expect("ICCS")).expect("legal");
        let old = classify_move(&before, &after, &Definitions::cxa_1999("cxa-1999"));
        assert_eq!(old.class.heaviest(), MoveKind::Chase, "{:?}", old.class);
        let new = classify_move(&before, &after, &Definitions::cxa_2011("cxa-2011"));
        assert!(!new.class.has(MoveKind::Chase), "{:?}", new.class);
        assert!(
            new.class.notes.iter().any(|n| n.contains("§26.7")),
            "{:?}",
            new.class.notes
        );
    }

    /// 2011 §26.10 (rook and horse in contact with a horse): the red horse d4 and the black
    /// horse e6 attack each other; the red rook comes to e2 behind it (the pawn a3 keeps it
    /// from checking along the a-file). §26.10.1: the contacted horse without a root, the
    /// rook's side chases (both editions). §26.10.2: with a root (the black rook e9, which the
    /// king protects), taking the red horse costs Black nothing, so it is an exchange (兑),
    /// idle in 2011; 1999 counts the rook and horse against one root as a chase.
    #[test]
    fn rook_and_horse_against_a_horse() {
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("a2e2".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let new = Definitions::cxa_2011("cxa-2011");
        let old = Definitions::cxa_1999("cxa-1999");
        let rootless = "3k5/9/9/4n4/9/3N5/P8/R8/9/5K3 w - - 0 1";
        for d in [&new, &old] {
            let c = play(rootless, d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e6")]);
            // Only 2011 has an article to cite for it.
            let cited = c.class.notes.iter().any(|n| n.contains("§26.10.1"));
            assert_eq!(cited, std::ptr::eq(d, &new), "{:?}", c.class.notes);
        }
        let rooted = "3kr4/9/9/4n4/9/3N5/P8/R8/9/5K3 w - - 0 1";
        let c = play(rooted, &new);
        assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        assert!(
            c.class.notes.iter().any(|n| n.contains("§26.10.2")),
            "{:?}",
            c.class.notes
        );
        let c = play(rooted, &old);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
    }

    /// 2011 §26.10.1 with cannons: the red cannon h6 and the black cannon e6 attack each other
    /// over the black pawn g6, and the red rook comes to e2; nothing protects e6 (the black
    /// rook e9 of the rooted version is gone). A chase in both editions; 2011 cites §26.10.1.
    #[test]
    fn rook_and_cannon_against_an_unrooted_cannon() {
        let before = pos("2b2k3/9/3n5/4c1pC1/9/9/9/3R5/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("d2e2".parse().expect("ICCS")).expect("legal");
        for (d, cites) in [
            (Definitions::cxa_2011("cxa-2011"), true),
            (Definitions::cxa_1999("cxa-1999"), false),
        ] {
            let c = classify_move(&before, &after, &d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("e6")]);
            let cited = c.class.notes.iter().any(|n| n.contains("§26.10.1"));
            assert_eq!(cited, cites, "{:?}", c.class.notes);
        }
    }

    /// 2011 §26.10.2, second sentence: the rook e2 and the horse d4 against the black horse e6
    /// (rooted by the rook e9) are an exchange, idle in 2011; a second red horse coming to f4
    /// adds a participating piece: exchange and chase (兑兼捉), a new chase. In 1999 the rook and
    /// horse already chased e6, so the third piece makes nothing new.
    #[test]
    fn a_further_piece_against_the_rook_pair_contact_chases() {
        let before = pos("3kr4/9/9/4n4/9/3N5/9/4R1N2/9/5K3 w - - 0 1");
        let new = Definitions::cxa_2011("cxa-2011");
        let old = Definitions::cxa_1999("cxa-1999");
        let pair = chased(&before, &new);
        let e6 = pair.iter().find(|c| c.target == sq("e6")).expect("kept");
        assert_eq!(e6.exception, Some(ChaseException::RookPairExchange));
        let mut after = before.clone();
        after.play("g2f4".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e6")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("兑兼捉") && n.contains("§26.10.2")),
            "{:?}",
            c.class.notes
        );
        let c = classify_move(&before, &after, &old);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
    }

    /// 2011 §26.5: the red horse comes to b5, where it protects the red cannon c7 against the
    /// black rook c9 and attacks the crossed black pawn d4. Taking the pawn would give up the
    /// cannon (得不偿失): idle in 2011, a chase of the pawn in 1999. Against a cannon on d6 the
    /// trade is even (价值相当): a chase in both.
    #[test]
    fn a_root_chasing_at_a_loss_is_idle_in_2011() {
        let new = Definitions::cxa_2011("cxa-2011");
        let old = Definitions::cxa_1999("cxa-1999");
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("a3b5".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let pawn = "2r2k3/9/2C6/9/9/3p5/N8/9/9/4K4 w - - 0 1";
        let c = play(pawn, &new);
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("§26.5") && n.contains("c7")),
            "{:?}",
            c.class.notes
        );
        let c = play(pawn, &old);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d4")]);
        let cannon = "2r2k3/9/2C6/3c5/9/9/N8/9/9/4K4 w - - 0 1";
        for d in [&new, &old] {
            let c = play(cannon, d);
            assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
            assert_eq!(c.class.targets, vec![sq("d6")]);
        }
    }

    /// 2011 §26.9: the red horse comes to f4, offering an exchange to the black horse d5 (the
    /// red rook c4 protects f4). The black horse is the only root of the black rook c7, which
    /// the red rook faces: accepting loses the rook for a horse (子力价值受损), so the offer is a
    /// chase in 2011; 1999 calls it an exchange offer (兑). With the red rook on f0 instead,
    /// accepting costs nothing: 兑 in both editions.
    #[test]
    fn a_same_kind_offer_that_costs_the_acceptor_chases_in_2011() {
        let new = Definitions::cxa_2011("cxa-2011");
        let old = Definitions::cxa_1999("cxa-1999");
        let play = |fen: &str, defs: &Definitions| {
            let before = pos(fen);
            let mut after = before.clone();
            after.play("g2f4".parse().expect("ICCS")).expect("legal");
            classify_move(&before, &after, defs)
        };
        let costly = "4k4/9/2r6/9/3n5/2R6/9/4B1N2/9/3K5 w - - 0 1";
        let c = play(costly, &new);
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("d5")]);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("§26.9") && n.contains("c7")),
            "{:?}",
            c.class.notes
        );
        let c = play(costly, &old);
        assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        let free = "4k4/9/2r6/9/3n5/9/9/4B1N2/9/3K1R3 w - - 0 1";
        for d in [&new, &old] {
            let c = play(free, d);
            assert_eq!(c.class.heaviest(), MoveKind::ExchangeOffer, "{:?}", c.class);
        }
    }

    /// 2011 §26.9, "立即被杀": the black horse f6 guards g8, where the red horse h6 would
    /// otherwise mate (the red pawn e7 takes e8 from the king, the advisors hem it in). The
    /// black pawn g6 keeps the horse from f7. The other red horse comes to e4, offering itself
    /// to the black horse: taking it lets 马h6-g8 mate, so the offer is a chase in 2011; 1999
    /// calls it an offer (献).
    #[test]
    fn an_offer_whose_acceptance_is_mated_chases_in_2011() {
        let before = pos("3aka3/9/4P4/5npN1/9/9/2N6/9/9/3K5 w - - 0 1");
        let mut after = before.clone();
        after.play("c3e4".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011("cxa-2011"));
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("f6")]);
        let e = c.chases.iter().find_map(|t| t.exception);
        assert_eq!(
            e,
            Some(ChaseException::CostlyOffer {
                lost: None,
                role: None,
                mated: true
            })
        );
        assert!(c.class.notes.iter().any(|n| n.contains("立即被杀")));
        let c = classify_move(&before, &after, &Definitions::cxa_1999("cxa-1999"));
        assert!(!c.class.has(MoveKind::Chase), "{:?}", c.class);
    }

    /// 2011 §24.16 false root (假根, "不能离线反吃"): the red horse a5, attacked by the black
    /// cannon a8 (screen: the elephant a7), is protected only by the red rook a2, which is also
    /// the only root of the red rook d2 that the black rook d7 faces. Recapturing on a5 would give
    /// up the rook d2 for a cannon, so the rook a2 cannot leave its line: the horse counts as
    /// unprotected and the cannon chases it. 1999 reads a false root by legality only: an even
    /// exchange, no chase.
    #[test]
    fn a_root_that_cannot_leave_its_line_is_false_in_2011() {
        let p = pos("3k5/c8/b2r5/9/N8/9/9/R2R5/9/5K3 b - - 0 1");
        let new = chased(&p, &Definitions::cxa_2011("cxa-2011"));
        let a5 = new
            .iter()
            .find(|c| c.target == sq("a5"))
            .expect("a5 is chased");
        assert_eq!(a5.via, ChaseVia::Direct);
        assert_eq!(
            a5.exception,
            Some(ChaseException::FalseRoot { root: sq("a2") })
        );
        assert!(a5.rootless());
        let old = chased(&p, &Definitions::cxa_1999("cxa-1999"));
        assert!(!old.iter().any(|c| c.target == sq("a5")), "{old:?}");
        // Without the rook d2 to guard, the rook a2 recaptures freely: no chase in 2011 either.
        let p = pos("3k5/c8/b2r5/9/N8/9/9/R8/9/5K3 b - - 0 1");
        let new = chased(&p, &Definitions::cxa_2011("cxa-2011"));
        assert!(!new.iter().any(|c| c.target == sq("a5")), "{new:?}");
    }

    /// Two horses in mutual contact are an exchange offer (1999 chapter 7 example 3), but when a
    /// second attacker makes the exchange win the rooted horse (the black horse g7 is its only
    /// root, the red rook comes to e2), it is a chase (少根, 1999 §28.16, §29.1).
    #[test]
    fn a_mutual_contact_that_a_second_attacker_wins_is_a_chase() {
        let before = pos("3k5/4a4/6n2/4n4/9/5N3/P8/R8/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("a2e2".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_1999("cxa-1999"));
        assert_eq!(c.class.heaviest(), MoveKind::Chase, "{:?}", c.class);
        assert_eq!(c.class.targets, vec![sq("e6")]);
    }

    /// §24.17 joint chase: two horses against a cannon with one root; the first capture alone
    /// is an even exchange, the second horse makes the root's recapture lose. Neither horse
    /// wins it alone.
    #[test]
    fn joint_chase_needs_two_attackers() {
        // Black cannon c7 protected by the black rook c9; red horses b5 and d5 attack c7.
        let p = pos("2r1k4/9/2c6/9/1N1N5/9/9/9/9/5K3 w - - 0 1");
        let d = Definitions::cxa_2011("cxa-2011");
        let c = chased(&p, &d);
        let t = c
            .iter()
            .find(|c| c.target == sq("c7"))
            .expect("c7 is chased");
        assert!(t.joint && t.rootless(), "{t:?}");
        assert_eq!(t.by.len(), 2);
        // A horse against a protected rook wins alone: a single chase of a protected rook.
        let p = pos("2r1k4/9/2r6/9/1N7/9/9/9/9/5K3 w - - 0 1");
        let c = chased(&p, &d);
        let t = c
            .iter()
            .find(|c| c.target == sq("c7"))
            .expect("c7 is chased");
        assert!(!t.joint && !t.rootless(), "{t:?}");
    }

    /// §24.17 joint chase of a rook (the case of 2011 §26.8.2): two rooks in contact with a rook
    /// that has one root. Each rook alone is an even exchange (so a rook alone attacking a rook
    /// offers an exchange, 兑), together they win it (少根, §24.15; 1999 §29.3).
    #[test]
    fn two_rooks_jointly_chase_a_rook_with_one_root() {
        // Black rook c5, guarded by the elephant e7 (free to leave the e-file: the red king is on
        // d0); red rooks c3 and c6 on both sides of it.
        let p = pos("4k4/9/4b4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1");
        for d in [
            Definitions::cxa_2011("cxa-2011"),
            Definitions::cxa_1999("cxa-1999"),
        ] {
            let c = chased(&p, &d);
            let t = c
                .iter()
                .find(|c| c.target == sq("c5"))
                .expect("c5 is chased");
            assert!(t.joint && t.rootless() && t.exception.is_none(), "{t:?}");
            assert_eq!(t.by.len(), 2);
        }
        // One red rook (c3) alone: an even exchange, no chase.
        let p = pos("4k4/9/4b4/9/2r6/9/2R6/9/9/3K5 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011("cxa-2011"));
        assert!(!c.iter().any(|c| c.target == sq("c5")), "{c:?}");
        // A second root (the horse d7) makes the two rooks even too: no chase.
        let p = pos("4k4/9/3nb4/2R6/2r6/9/2R6/9/9/3K5 w - - 0 1");
        let c = chased(&p, &Definitions::cxa_2011("cxa-2011"));
        assert!(!c.iter().any(|c| c.target == sq("c5")), "{c:?}");
    }

    /// A horse chasing a rook its root guards wins it in a complete exchange because it is worth
    /// less (1999 §29.1): the note says so rather than blaming the root.
    #[test]
    fn a_weaker_attacker_is_named_in_the_note() {
        // Black rook c7 guarded by the rook c9; the red horse goes a3-b5.
        let before = pos("2r1k4/9/2r6/9/9/9/N8/9/9/5K3 w - - 0 1");
        let mut after = before.clone();
        after.play("a3b5".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &Definitions::cxa_2011("cxa-2011"));
        assert_eq!(c.class.targets, vec![sq("c7")], "{:?}", c.class);
        assert!(
            c.class
                .notes
                .iter()
                .any(|n| n.contains("the horse on b5 is worth less")),
            "{:?}",
            c.class.notes
        );
    }

    /// The mate-threat depth of the 1999 definitions is three consecutive checks (§28.2:
    /// "下一着照将或连续照将，将死对方"): pinned on both sides of the boundary.
    #[test]
    fn mate_threat_depth_is_three_checks() {
        // Two rooks against a bare king: mate in three checks, not fewer.
        let three = pos("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1");
        assert!(!mates_by_checks(&three, 2));
        assert!(mates_by_checks(&three, 3));
        // With an advisor on e8 it takes four checks: beyond the 1999 depth.
        let four = pos("4k4/4a4/9/9/9/9/9/9/9/R2K4R w - - 0 1");
        assert!(!mates_by_checks(&four, 3));
        assert!(mates_by_checks(&four, 4));

        let defs = Definitions::cxa_1999("cxa-1999");
        assert_eq!(defs.mate_threat_checks, 3);
        // A quiet rook move that sets up the three-check mate is a mate threat (杀)...
        let before = pos("4k4/9/9/9/9/9/9/9/R8/3K4R w - - 0 1");
        let mut after = before.clone();
        after.play("a1a0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &defs);
        assert_eq!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
        // ... but not when the mate needs four checks.
        let before = pos("4k4/4a4/9/9/9/9/9/9/R8/3K4R w - - 0 1");
        let mut after = before.clone();
        after.play("a1a0".parse().expect("ICCS")).expect("legal");
        let c = classify_move(&before, &after, &defs);
        assert_ne!(c.class.heaviest(), MoveKind::MateThreat, "{:?}", c.class);
    }
}
