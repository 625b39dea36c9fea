//! The edition's definitions: which articles and readings the classifier applies, each with the
//! article it cites.
//!
//! Every field is one article or one reading of an article. A field that both editions have is
//! a plain [`RuleRef`] (check, chase, new chase, the idle kinds...); a reading an edition has or
//! not is an `Option<RuleRef>` (`None`: not in this edition); a reading with variants is a
//! [`Reading`] of a small enum, and a search depth a [`Depth`], each with its article. Each
//! citation names its own ruleset, so a ruleset built on an edition can cite itself for all of
//! them ([`Definitions::cited_as`]) or switch on one article citing itself.

use super::defensive::DefensiveKeyPoint;
use super::false_root::FalseRoots;
use super::own_chase::OwnChase;
use super::protected::ChaseTest;
use super::MaterialValues;
use crate::reference::RuleRef;

/// A reading with variants, and the article it reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct Reading<T> {
    /// The reading chosen.
    pub reading: T,
    /// The article it reads.
    pub article: RuleRef,
}

/// A bounded search for consecutive checks, and the article that asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct Depth {
    /// How many consecutive checking moves are searched (0: none).
    pub checks: u8,
    /// The article.
    pub article: RuleRef,
}

/// The edition's definitions that the classifier needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub struct Definitions {
    /// Material values (§25.3).
    pub values: MaterialValues,
    /// 将 (1999 §28.1, 2011 §24.1).
    pub check: RuleRef,
    /// Mate threat (杀, 1999 §28.2, 2011 §24.2): the number of the mover's consecutive checking
    /// moves searched for a mate had it another move (1 = mate in one check). Both editions:
    /// three (§24.2 "下一着将军或连续将军").
    pub mate_threat: Depth,
    /// 捉 (1999 §28.3, §29; 2011 §24.3).
    pub chase: RuleRef,
    /// What makes an attacked piece chased (the reading is in `protected.rs`): the complete
    /// exchange by values ([`ChaseTest::Exchange`], CXA 1999 §29.1, §29.3; 2011 §24.3) or a
    /// legal recapture one ply deep ([`ChaseTest::OneRecapture`], AXF terms "protected").
    pub chase_test: Reading<ChaseTest>,
    /// AXF rules 15 and 21: a horse or a cannon attacking a rook chases it, protected or not.
    /// `None` (both CXA editions): the rook is chased when the chase test says so (under
    /// values, a horse or cannon against a protected rook wins the exchange anyway).
    #[serde(default)]
    pub rook_chased_by_horse_or_cannon: Option<RuleRef>,
    /// AXF (rules 12, 18; FSF 1168, 1176): a checking move's chases are computed too, protection
    /// tested with the check standing (the reading is in `check_chase.rs`). `None` (both CXA
    /// editions): a checking move is a check, its chases are not looked for (1999 §27.4 从重).
    #[serde(default)]
    pub chase_with_check: Option<RuleRef>,
    /// AXF rule 19: a rook that cannot move because of an enemy horse (tied down) is a
    /// qualifying target whatever its protection, and its standing attack on that horse is no
    /// chase (the reading is in `tied_rook.rs`). `None` (both CXA editions).
    #[serde(default)]
    pub tied_rook: Option<RuleRef>,
    /// AXF rule 38: a piece won only through a check ([`Definitions::chase_through_checks`]) is
    /// a check-and-capture threat, idle and not a chase (the reading is in `check_capture.rs`).
    /// `None` (both CXA editions): it is a chase (1999 §29.1, 2011 §24.3).
    #[serde(default)]
    pub check_capture_threat: Option<RuleRef>,
    /// Chase through checks (通过连续照将吃子, 1999 §29.1; 2011 §24.3 "从下一着开始运用连续将军
    /// 得子"): how many checks may precede the winning capture (0: none). The notes of such a
    /// chase cite [`Definitions::chase`].
    pub chase_through_checks: Depth,
    /// A chase must be new with the move (1999 §29.2; 2011 §24.3 "走子后…能", §26.1.1 "新的捉").
    pub new_chase: RuleRef,
    /// An attack the opponent's check or mate threat only suspended is not new when the move
    /// answers it (1999 §29.2 and chapter 7 example 6, 从捉到捉; 2011 §26.1.1, §26.1.2 "新的捉";
    /// the reading is in `standing.rs`).
    pub standing_attack: RuleRef,
    /// A piece with fewer roots than attackers counts as unprotected, and its attackers chase it
    /// jointly (2011 §24.15 少根子, §24.17 联合捉子; 1999 §28.16 "假根子和少根子按无根子处理",
    /// §29.3). Part of the exchange test ([`ChaseTest::Exchange`]); `None` under the one-ply
    /// test, which has no such notion (AXF rule 35: several pieces against a protected piece do
    /// not chase it).
    pub insufficient_root: Option<RuleRef>,
    /// Whether the king's own chase counts (1999 §27.1; 2011 §26.1 "本身允许长捉").
    pub king_chase: Reading<OwnChase>,
    /// Whether the pawn's own chase counts (1999 §27.2; 2011 §26.1).
    pub pawn_chase: Reading<OwnChase>,
    /// 1999 §27.3, 2011 §26.2: a chase of advisors or elephants only, by a piece that occupies a
    /// defensive key point, is idle; 2011 only when the defender has a single attacking piece
    /// (the readings are in `defensive.rs`). `None`: no such article, such a chase is a chase.
    #[serde(default)]
    pub defensive_key_point: Option<Reading<DefensiveKeyPoint>>,
    /// A false root (假根): 2011 §24.16 "形式上是根，实际上不能离线反吃，则称为假根。假根按无根
    /// 子处理" is read by duty ([`FalseRoots::ByDuty`]): a root whose recapture would lose its
    /// side more than it wins, through what the root stops protecting or shielding (the §26.5
    /// reading of `departure.rs`), cannot leave its line, and the piece it protects counts as
    /// unprotected. 1999 §28.16 ("实际上起不到充分保护作用") is read by legality
    /// ([`FalseRoots::ByLegality`]): only a root that cannot legally recapture (pinned to its
    /// king) is false; its chapter 7 example 4 counts no such duties (the reading is in
    /// `false_root.rs`).
    pub false_root: Reading<FalseRoots>,
    /// 2011 §26.1.2: a chase or mate threat made by a king move that answers a check is idle
    /// ("走动帅（将）应将而产生的捉、杀，按闲处理"). 1999 has no such article (`None`): there a
    /// king's own chase is idle anyway (§27.1) but a mate threat it makes counts.
    #[serde(default)]
    pub king_answers_check: Option<RuleRef>,
    /// A chase made by a move (not the king's) answering a check that exists only because the
    /// check moved or exposed the checker's own piece — with the check undone and the answer
    /// played, the answer chases nothing there — is idle (the reading is in `exposed.rs`).
    /// 2011: on, §26.1.2 "走动其他棋子应将后产生新的捉" asks for a *new* chase and §26.3 "一方形成
    /// 自斃，应由己方负责，不得视为另一方造成" makes the checker answer for its own check (cited
    /// "§26.1.2, §26.3"). 1999: `None`, §29.2 read literally (the chase arises from the move just
    /// played; no article puts it on the checker).
    #[serde(default)]
    pub checker_exposed_chase: Option<RuleRef>,
    /// 2011 §24.18, §26.3 (自斃): a mate threat made by a move answering a check is the
    /// checker's own doing, not a mate threat of the answer, when none of its mating attacks
    /// works with that check undone (the reading is in `self_destroying.rs`); one that still
    /// works is a new 杀法 and counts. 1999 has no such article (`None`): the answer's mate
    /// threat counts.
    #[serde(default)]
    pub self_destroying_check: Option<RuleRef>,
    /// 2011 §26.5 "做根子和被牵子捉子，交换后价值相当或得子者，为捉；得不偿失者，为闲": a capture
    /// by a piece that protects (root) or shields (pinned) another piece chases only if it wins
    /// at least what its leaving loses (the reading is in `departure.rs`, the article in
    /// `root_and_pinned.rs`). 1999 has no such article (`None`): it counts only the exchange on
    /// the captured piece's point.
    #[serde(default)]
    pub root_and_pinned_captures: Option<RuleRef>,
    /// A capturer that moves along an opponent cannon's line onto the captured point, becoming
    /// the cannon's only screen before a piece of ours, gave up the shield it made there (§26.5
    /// 被牵子): what the cannon then wins counts against the capture. 2011: on, citing §26.5 (the
    /// reading is in `departure.rs`; the same weighing serves
    /// [`Definitions::root_and_pinned_captures`], §24.16 and §26.9). `None`: §26.5 for roots and
    /// blocking shields only. 1999 counts no such loss at all (chapter 7 example 4).
    #[serde(default)]
    pub screen_landing: Option<RuleRef>,
    /// 2011 §26.6: a crossed pawn traded for any piece but a rook is no gain ("此外换取其他一子
    /// 或数子均不算得子"), so a crossed pawn attacking a protected horse, cannon, advisor or
    /// elephant does not chase it. 1999 (`None`; §25.3) values a crossed pawn below a horse.
    #[serde(default)]
    pub pawn_trades: Option<RuleRef>,
    /// 2011 §26.7 "兵（卒）借其他子抽吃對方的子，按閑處理；兵（卒）吃子時產生其他子將軍，按捉
    /// 處理": a piece won through checks whose final capture only a pawn can make is the pawn's
    /// own (抽吃 with another piece's check), idle like its own chase; a pawn capture that
    /// discovers a check by another piece is a chase, not the pawn's own. 1999 has no such
    /// article (`None`): a piece won through checks is a chase, and a pawn capture is the pawn's
    /// own.
    #[serde(default)]
    pub pawn_discovered: Option<RuleRef>,
    /// 2011 §26.9 "同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按捉处理": two pieces
    /// of one kind attacking each other are an exchange offer (兑), except that the offer is a
    /// chase of the offered piece when taking ours would leave the acceptor mated by checks or
    /// down in material (its piece was a root, pinned, or guarding a mate). 1999 (`None`;
    /// chapter 7 example 3) always calls it 兑.
    #[serde(default)]
    pub costly_offers: Option<RuleRef>,
    /// 2011 §26.10.1 "被接觸的馬（炮）無根，則車方為捉": rook and horse against an unrooted
    /// horse, rook and cannon against an unrooted cannon: a chase, which the general definition
    /// finds; the article is cited beside it. 1999 needs no article (`None`): the general chase
    /// §28.3, §29 applies.
    #[serde(default)]
    pub rook_pair_unrooted: Option<RuleRef>,
    /// 2011 §26.10.2 "被接觸的馬（炮）有根，且主動接受邀兌后其根無損失，為兌": a rook and a horse
    /// (cannon) both in contact with a horse (cannon) that has a root, the two horses (cannons)
    /// attacking each other: if the contacted piece takes ours and then none of its roots can be
    /// won, it is an exchange, not a (joint) chase; a further piece of ours against it makes
    /// exchange and chase (兑兼捉), a chase. 1999 has no such article (`None`).
    #[serde(default)]
    pub rook_pair_contact: Option<RuleRef>,
    /// 兑 (1999 §28.5, 2011 §24.4).
    pub exchange: RuleRef,
    /// 献 (1999 §28.6, 2011 §24.5).
    pub offer: RuleRef,
    /// 拦 (1999 §28.7, 2011 §24.6).
    pub block: RuleRef,
    /// 跟 (1999 §28.8, 2011 §24.7).
    pub follow: RuleRef,
}

impl Definitions {
    /// A hash of the definitions, to tell cached classifications apart.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        // Asked once per classified ply: a fast hash, since nothing adversarial chooses the
        // definitions a judge is built with.
        let mut h = rustc_hash::FxHasher::default();
        self.hash(&mut h);
        h.finish()
    }

    /// The 1999 definitions (CXA 1999 §25.3, §27.1–27.2, §28, §29), citing `cxa-1999`.
    pub fn cxa_1999() -> Definitions {
        let at = |article: &str| RuleRef::new("cxa-1999", article);
        Definitions {
            values: MaterialValues::CXA_1999,
            check: at("§28.1"),
            mate_threat: Depth {
                checks: 3,
                article: at("§28.2"),
            },
            chase: at("§28.3, §29"),
            chase_test: Reading {
                reading: ChaseTest::Exchange,
                article: at("§29.1, §29.3"),
            },
            rook_chased_by_horse_or_cannon: None,
            chase_with_check: None,
            tied_rook: None,
            check_capture_threat: None,
            chase_through_checks: Depth {
                checks: 1,
                article: at("§29.1"),
            },
            new_chase: at("§29.2"),
            standing_attack: at("§29.2, chapter 7 example 6"),
            insufficient_root: Some(at("§28.16, §29.3")),
            king_chase: Reading {
                reading: OwnChase::Idle,
                article: at("§27.1"),
            },
            pawn_chase: Reading {
                reading: OwnChase::IdleUnlessMutual,
                article: at("§27.2"),
            },
            defensive_key_point: Some(Reading {
                reading: DefensiveKeyPoint::AnyDefender,
                article: at("§27.3"),
            }),
            false_root: Reading {
                reading: FalseRoots::ByLegality,
                article: at("§28.16"),
            },
            king_answers_check: None,
            checker_exposed_chase: None,
            self_destroying_check: None,
            root_and_pinned_captures: None,
            screen_landing: None,
            pawn_trades: None,
            pawn_discovered: None,
            costly_offers: None,
            rook_pair_unrooted: None,
            rook_pair_contact: None,
            exchange: at("§28.5"),
            offer: at("§28.6"),
            block: at("§28.7"),
            follow: at("§28.8"),
        }
    }

    /// The 2011 trial definitions (CXA 2011 §24, §26.1–26.10), citing `cxa-2011`.
    ///
    /// Differences from [`Definitions::cxa_1999`]: the pawn's own chase is allowed without the
    /// 1999 exception for mutual attacks (§26.1 "帅（将）、兵（卒）本身允许长捉"); a king move
    /// answering check makes neither chase nor mate threat (§26.1.2); the defensive key point
    /// needs a defender with a single attacking piece (§26.2); a crossed pawn gains only
    /// against a rook (§26.6). §24.4's exchange between different kinds of equal value needs no
    /// knob: an even exchange is no gain (so no chase) and the idle kind 兑 compares values in
    /// both editions (1999 §28.5 "同等子力"). Mate threat (§24.2 "下一着将军或连续将军") and chase through
    /// checks (§24.3 "从下一着开始运用连续将军得子") keep the 1999 depths.
    pub fn cxa_2011() -> Definitions {
        let at = |article: &str| RuleRef::new("cxa-2011", article);
        Definitions {
            values: MaterialValues::STANDARD,
            check: at("§24.1"),
            mate_threat: Depth {
                checks: 3,
                article: at("§24.2"),
            },
            chase: at("§24.3"),
            chase_test: Reading {
                reading: ChaseTest::Exchange,
                article: at("§24.3"),
            },
            rook_chased_by_horse_or_cannon: None,
            chase_with_check: None,
            tied_rook: None,
            check_capture_threat: None,
            chase_through_checks: Depth {
                checks: 1,
                article: at("§24.3"),
            },
            new_chase: at("§24.3, §26.1.1"),
            standing_attack: at("§26.1.1, §26.1.2"),
            insufficient_root: Some(at("§24.15, §24.17")),
            king_chase: Reading {
                reading: OwnChase::Idle,
                article: at("§26.1"),
            },
            pawn_chase: Reading {
                reading: OwnChase::Idle,
                article: at("§26.1"),
            },
            // §26.2 "守和方只有一個進攻子時": 1999 §27.3 with a single attacking piece.
            defensive_key_point: Some(Reading {
                reading: DefensiveKeyPoint::SingleAttacker,
                article: at("§26.2"),
            }),
            false_root: Reading {
                reading: FalseRoots::ByDuty,
                article: at("§24.16"),
            },
            king_answers_check: Some(at("§26.1.2")),
            checker_exposed_chase: Some(at("§26.1.2, §26.3")),
            self_destroying_check: Some(at("§24.18, §26.3")),
            root_and_pinned_captures: Some(at("§26.5")),
            screen_landing: Some(at("§26.5")),
            pawn_trades: Some(at("§26.6")),
            pawn_discovered: Some(at("§26.7")),
            costly_offers: Some(at("§26.9")),
            rook_pair_unrooted: Some(at("§26.10.1")),
            rook_pair_contact: Some(at("§26.10.2")),
            exchange: at("§24.4"),
            offer: at("§24.5"),
            block: at("§24.6"),
            follow: at("§24.7"),
        }
    }

    /// The same definitions with every citation naming `ruleset`: a ruleset built on an
    /// edition whose articles keep their numbers (Jieqi on 1999, a house variant) cites itself.
    ///
    /// ```
    /// use xqr_core::law::classify::Definitions;
    /// let d = Definitions::cxa_1999().cited_as("jieqi");
    /// assert_eq!(d.check.to_string(), "jieqi §28.1");
    /// assert_eq!(d.pawn_chase.article.to_string(), "jieqi §27.2");
    /// ```
    pub fn cited_as(mut self, ruleset: &str) -> Definitions {
        // Listed field by field, so that a new field cannot be forgotten here.
        let Definitions {
            values: _,
            check,
            mate_threat,
            chase,
            chase_test,
            rook_chased_by_horse_or_cannon,
            chase_with_check,
            tied_rook,
            check_capture_threat,
            chase_through_checks,
            new_chase,
            standing_attack,
            insufficient_root,
            king_chase,
            pawn_chase,
            defensive_key_point,
            false_root,
            king_answers_check,
            checker_exposed_chase,
            self_destroying_check,
            root_and_pinned_captures,
            screen_landing,
            pawn_trades,
            pawn_discovered,
            costly_offers,
            rook_pair_unrooted,
            rook_pair_contact,
            exchange,
            offer,
            block,
            follow,
        } = &mut self;
        let always = [
            check,
            &mut mate_threat.article,
            chase,
            &mut chase_test.article,
            &mut chase_through_checks.article,
            new_chase,
            standing_attack,
            &mut king_chase.article,
            &mut pawn_chase.article,
            &mut false_root.article,
            exchange,
            offer,
            block,
            follow,
        ];
        let optional = [
            defensive_key_point.as_mut().map(|r| &mut r.article),
            insufficient_root.as_mut(),
            rook_chased_by_horse_or_cannon.as_mut(),
            chase_with_check.as_mut(),
            tied_rook.as_mut(),
            check_capture_threat.as_mut(),
            king_answers_check.as_mut(),
            checker_exposed_chase.as_mut(),
            self_destroying_check.as_mut(),
            root_and_pinned_captures.as_mut(),
            screen_landing.as_mut(),
            pawn_trades.as_mut(),
            pawn_discovered.as_mut(),
            costly_offers.as_mut(),
            rook_pair_unrooted.as_mut(),
            rook_pair_contact.as_mut(),
        ];
        for r in always.into_iter().chain(optional.into_iter().flatten()) {
            ruleset.clone_into(&mut r.ruleset);
        }
        self
    }
}

/// The AXF definitions for core's tests (core cannot depend on the `axf` crate): CXA 1999's
/// changed field by field to the values `rulesets/axf/src/law.rs` selects, citing `axf`.
#[cfg(test)]
pub(crate) fn axf_for_tests() -> Definitions {
    let at = |rule: &str| RuleRef::new("axf", rule);
    let mut d = Definitions::cxa_1999().cited_as("axf");
    d.values = MaterialValues::STANDARD;
    d.chase_test = Reading {
        reading: ChaseTest::OneRecapture,
        article: at("terms: protected"),
    };
    d.rook_chased_by_horse_or_cannon = Some(at("rules 15, 21"));
    d.chase_with_check = Some(at("rule 12, Section 2.5"));
    d.tied_rook = Some(at("rule 19"));
    d.chase_through_checks.article = at("rule 38");
    d.check_capture_threat = Some(at("rule 38"));
    d.insufficient_root = None;
    d.king_chase = Reading {
        reading: OwnChase::IdleWithOthers,
        article: at("rule 28"),
    };
    d.pawn_chase = Reading {
        reading: OwnChase::Idle,
        article: at("rule 29"),
    };
    d.defensive_key_point = None;
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every citation of the presets names its edition, and [`Definitions::cited_as`] renames
    /// them all: Jieqi's trial rules number the 棋例 as 1999 does.
    #[test]
    fn jieqi_cites_the_1999_articles_as_its_own() {
        let d = Definitions::cxa_1999().cited_as("jieqi");
        let text = serde_json::to_string(&d).expect("serialises");
        assert!(!text.contains("cxa-1999"), "{text}");
        assert!(text.contains("jieqi §28.16, §29.3"), "{text}");
        let again: Definitions = serde_json::from_str(&text).expect("reads back");
        assert_eq!(again, d);
        assert_ne!(d.fingerprint(), Definitions::cxa_1999().fingerprint());
    }

    /// A reading an edition does not have is absent from its definitions: 1999 has no §26.5.
    #[test]
    fn only_2011_weighs_root_and_pinned_captures() {
        assert_eq!(Definitions::cxa_1999().root_and_pinned_captures, None);
        let d = Definitions::cxa_2011();
        assert_eq!(
            d.root_and_pinned_captures.map(|r| r.to_string()),
            Some("cxa-2011 §26.5".to_owned())
        );
    }
}
