//! Editions as data: a [`Spec`] holds everything an edition decides that data can say (move
//! rules, start, illegal moves, the repetition law, game ends, points, standings), and
//! [`Edition`] is the one ruleset built from a Spec. [`Hooks`] carry the little data cannot say
//! (Jieqi's hidden pieces and king capture).
//!
//! An edition crate *is* its Spec, written in its `law.rs` one line per article. A house variant
//! reads its parent's Spec through [`Ruleset::spec`], changes the fields it sets and so builds
//! the Spec of the variant, hooks included: no downcast to a concrete judge, and a variant of a
//! variant reads everything its parent changed.

use std::borrow::Cow;
use std::fmt;

use super::ends::{no_move_end, NaturalLimit, NoMoveArticles};
use super::{
    ClaimAnswer, ClaimRequest, Claimant, GameEnd, GameHistory, GameInput, GameResult,
    IllegalMoveRuling, JudgeError, JudgeOptions, MoveLegality, OpenVisibility, PieceVisibility,
    PointScheme, RecordArticles, RepetitionJudge, RuleRef, Ruleset, RulesetMeta, Scoring, Verdict,
    View,
};
use crate::law::judge::RepetitionLaw;
use crate::standings::StandingsRules;
use crate::{Board, Color, IllegalMove, MoveRules, Position};

/// The data of an edition (or of a variant built from one).
#[derive(Clone, Debug)]
pub struct Spec {
    /// Id, name, aliases, source.
    pub meta: RulesetMeta,
    /// The knobs of the shared move generator.
    pub moves: MoveRules,
    /// The start position when a record gives none, as FEN (`None`: the standard start).
    pub start: Option<String>,
    /// Whether games have hidden pieces (Jieqi); the judge refuses such a game under a Spec
    /// without them.
    pub hidden_pieces: bool,
    /// What an illegal move in a record means.
    pub illegal_moves: IllegalMoves,
    /// The repetition law (棋例): the classifier's definitions, the verdict table with its
    /// counting and both-forbidden rule, and the articles it cites.
    pub law: RepetitionLaw,
    /// Checkmate, stalemate, the natural limit and the results a record carries.
    pub ends: GameEnds,
    /// Points for a win, a draw and a loss.
    pub points: PointScheme,
    /// What a drawn game counts as.
    pub draws: DrawCounts,
    /// How an event is ranked.
    pub standings: StandingsRules,
    /// What data cannot say.
    pub hooks: Hooks,
}

/// What an illegal move found in a record means, by kind of breach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoves {
    /// A move that leaves the kings facing on an open file (1999 §4.1.2, 2011 §3.4 自杀).
    pub facing_kings: IllegalMoveRuling,
    /// A move that leaves one's own king attacked (1999 §4.1.6, 2011 §3.4 自杀).
    pub king_left_attacked: IllegalMoveRuling,
    /// Any other breach of the move rules (1999 §4.1.6, 2011 §4.1.8 or §8.1.8).
    pub other: IllegalMoveRuling,
}

impl IllegalMoves {
    /// The same ruling for every breach.
    pub fn all(ruling: IllegalMoveRuling) -> IllegalMoves {
        IllegalMoves {
            facing_kings: ruling.clone(),
            king_left_attacked: ruling.clone(),
            other: ruling,
        }
    }

    /// The ruling on `reason`.
    pub fn ruling(&self, reason: &IllegalMove) -> IllegalMoveRuling {
        match reason {
            IllegalMove::FlyingGeneral => self.facing_kings.clone(),
            IllegalMove::LeavesKingInCheck { .. } => self.king_left_attacked.clone(),
            _ => self.other.clone(),
        }
    }
}

/// The game ends of an edition other than repetition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnds {
    /// The ruleset the checkmate, stalemate and record articles are cited as.
    pub cites: String,
    /// Checkmate and stalemate.
    pub no_move: NoMoveArticles,
    /// The natural move limit, if the edition has one.
    pub natural_limit: Option<NaturalLimit>,
    /// Results the record carries (resignation, agreed draw, loss on time).
    pub record: RecordArticles,
}

/// What a drawn game counts as.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum DrawCounts {
    /// A draw.
    #[default]
    Draw,
    /// A Black win (Armageddon: 如遇和棋黑方胜出), citing the rule.
    BlackWins(RuleRef),
}

impl DrawCounts {
    /// A verdict with every draw (its result and its claims) counted as this says.
    pub fn apply_to_verdict(&self, v: &mut Verdict) {
        let DrawCounts::BlackWins(rule) = self else {
            return;
        };
        // A claimed draw is a Black win too.
        for c in v.claims.iter_mut().filter(|c| c.result == GameResult::Draw) {
            c.explanation = format!(
                "{} — a draw under {}, which counts as a Black win ({rule})",
                c.explanation, c.rule
            );
            c.result = GameResult::BlackWins;
            c.claimant = Claimant::Black;
            c.rule = rule.clone();
        }
        if v.result == GameResult::Draw {
            let was = v
                .rule
                .as_ref()
                .map(|r| format!(" under {r}"))
                .unwrap_or_default();
            v.explanation = format!(
                "{} — a draw{was}, which counts as a Black win ({rule})",
                v.explanation
            );
            v.result = GameResult::BlackWins;
            v.winner = Some(Color::Black);
            v.rule = Some(rule.clone());
        }
    }

    /// A claim's answer with a decided draw counted as this says.
    pub fn apply_to_claim(&self, answer: &mut ClaimAnswer) {
        if let (DrawCounts::BlackWins(rule), ClaimAnswer::Decided { end, .. }) = (self, answer) {
            if end.result == GameResult::Draw {
                end.explanation = format!(
                    "{} — a draw under {}, which counts as a Black win ({rule})",
                    end.explanation, end.rule
                );
                end.result = GameResult::BlackWins;
                end.rule = rule.clone();
            }
        }
    }
}

/// Reads a record before judging (Jieqi: a deal in a tag fills in the reveals).
pub type CompleteRecord =
    for<'g> fn(&'g GameInput, &dyn MoveLegality) -> Result<Cow<'g, GameInput>, JudgeError>;

/// A game end checked before the Spec's own (king capture).
pub type EndHook = fn(&Spec, &GameHistory) -> EndCheck;

/// What an [`EndHook`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndCheck {
    /// The game ends here.
    Ends(GameEnd),
    /// The game goes on, whatever the Spec's ends say (a king left to be captured).
    GoesOn,
    /// Nothing: the Spec's ends decide (checkmate, stalemate, the natural limit).
    Next,
    /// The hook has looked at checkmate and stalemate itself and found the side to move a
    /// move: of the Spec's ends only the natural limit is left (no second search for a move).
    OnlyNaturalLimit,
}

/// What data cannot say, with defaults: open visibility, the record as given, no extra end.
#[derive(Copy, Clone, Default)]
pub struct Hooks {
    /// Who sees what (Jieqi's hidden pieces); `None`: everyone sees everything.
    pub visibility: Option<&'static dyn PieceVisibility>,
    /// How a record is read before judging; `None`: as given.
    pub complete_record: Option<CompleteRecord>,
    /// An end checked first (king capture); `None`: none.
    pub game_end: Option<EndHook>,
}

impl fmt::Debug for Hooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hooks")
            .field("visibility", &self.visibility.is_some())
            .field("complete_record", &self.complete_record.is_some())
            .field("game_end", &self.game_end.is_some())
            .finish()
    }
}

impl Spec {
    /// The end after the last position of `history`: the hook's, then checkmate or stalemate,
    /// then the natural limit.
    pub fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        if let Some(hook) = self.hooks.game_end {
            match hook(self, history) {
                EndCheck::Ends(end) => return Some(end),
                EndCheck::GoesOn => return None,
                EndCheck::Next => {}
                EndCheck::OnlyNaturalLimit => {
                    return self.ends.natural_limit.as_ref()?.end(history);
                }
            }
        }
        history
            .has_no_legal_moves()
            .then(|| self.no_move_end(history.last(), history.ply_count(), ""))
            .flatten()
            .or_else(|| self.ends.natural_limit.as_ref()?.end(history))
    }

    /// Checkmate or stalemate of the side to move in `pos` under this Spec's articles (see
    /// [`no_move_end`]).
    pub fn no_move_end(&self, pos: &Position, ply: u32, why: &str) -> Option<GameEnd> {
        no_move_end(&self.ends.cites, &self.ends.no_move, pos, ply, why)
    }
}

/// The ruleset of a [`Spec`]: every component reads the data.
#[derive(Clone, Debug)]
pub struct Edition {
    spec: Spec,
}

impl Edition {
    /// The ruleset of `spec`.
    pub fn new(spec: Spec) -> Edition {
        Edition { spec }
    }

    /// The data.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The data, owned.
    pub fn into_spec(self) -> Spec {
        self.spec
    }
}

impl MoveLegality for Edition {
    fn move_rules(&self) -> MoveRules {
        self.spec.moves
    }

    fn start_position(&self) -> Position {
        match &self.spec.start {
            Some(fen) => Position::from_fen(fen, self.spec.moves).expect("the start is legal"),
            None => Position::from_setup(crate::Setup::start(), self.spec.moves)
                .expect("start position is legal"),
        }
    }

    fn plays_hidden_pieces(&self) -> bool {
        self.spec.hidden_pieces
    }

    fn illegal_move_ruling(
        &self,
        _history: &GameHistory,
        reason: &IllegalMove,
    ) -> IllegalMoveRuling {
        self.spec.illegal_moves.ruling(reason)
    }
}

impl PieceVisibility for Edition {
    fn view(
        &self,
        history: &GameHistory,
        dealt: Option<&Board>,
        observer: super::Observer,
    ) -> View {
        match self.spec.hooks.visibility {
            Some(v) => v.view(history, dealt, observer),
            None => OpenVisibility.view(history, dealt, observer),
        }
    }
}

impl Scoring for Edition {
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        self.spec.game_end(history)
    }

    fn points(&self) -> PointScheme {
        self.spec.points
    }

    fn standings(&self) -> StandingsRules {
        self.spec.standings.clone()
    }

    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        super::recorded_end(
            &self.spec.ends.cites,
            &self.spec.ends.record,
            result,
            termination,
            ply,
        )
    }
}

impl Ruleset for Edition {
    fn meta(&self) -> &RulesetMeta {
        &self.spec.meta
    }
    fn legality(&self) -> &dyn MoveLegality {
        self
    }
    fn visibility(&self) -> &dyn PieceVisibility {
        self
    }
    fn repetition(&self) -> &dyn RepetitionJudge {
        &self.spec.law
    }
    fn scoring(&self) -> &dyn Scoring {
        self
    }

    fn complete_record<'g>(&self, game: &'g GameInput) -> Result<Cow<'g, GameInput>, JudgeError> {
        match self.spec.hooks.complete_record {
            Some(read) => read(game, self),
            None => Ok(Cow::Borrowed(game)),
        }
    }

    /// The replay's tags ([`super::REPLAY_TAGS`]); with a hook that reads records, which may
    /// read any tag, all of them.
    fn tags_read(&self) -> super::TagsRead {
        match self.spec.hooks.complete_record {
            None => super::REPLAY_TAGS,
            Some(_) => super::TagsRead::All,
        }
    }

    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        let mut v =
            super::replay::verdict_with_components(self, &*self.complete_record(game)?, options)?;
        self.spec.draws.apply_to_verdict(&mut v);
        Ok(v)
    }

    fn claim(&self, game: &GameInput, request: &ClaimRequest) -> Result<ClaimAnswer, JudgeError> {
        let mut answer =
            super::replay::claim_with_components(self, &*self.complete_record(game)?, request)?;
        self.spec.draws.apply_to_claim(&mut answer);
        Ok(answer)
    }

    fn spec(&self) -> Option<&Spec> {
        Some(&self.spec)
    }
}

/// Implements [`Ruleset`] for a newtype around an [`Edition`] (`struct Cxa1999(Edition)`),
/// every method the edition's.
#[macro_export]
macro_rules! edition_ruleset {
    ($t:ty) => {
        impl $crate::rules::Ruleset for $t {
            fn meta(&self) -> &$crate::rules::RulesetMeta {
                $crate::rules::Ruleset::meta(&self.0)
            }
            fn legality(&self) -> &dyn $crate::rules::MoveLegality {
                $crate::rules::Ruleset::legality(&self.0)
            }
            fn visibility(&self) -> &dyn $crate::rules::PieceVisibility {
                $crate::rules::Ruleset::visibility(&self.0)
            }
            fn repetition(&self) -> &dyn $crate::rules::RepetitionJudge {
                $crate::rules::Ruleset::repetition(&self.0)
            }
            fn scoring(&self) -> &dyn $crate::rules::Scoring {
                $crate::rules::Ruleset::scoring(&self.0)
            }
            fn complete_record<'g>(
                &self,
                game: &'g $crate::rules::GameInput,
            ) -> ::std::result::Result<
                ::std::borrow::Cow<'g, $crate::rules::GameInput>,
                $crate::rules::JudgeError,
            > {
                $crate::rules::Ruleset::complete_record(&self.0, game)
            }
            fn tags_read(&self) -> $crate::rules::TagsRead {
                $crate::rules::Ruleset::tags_read(&self.0)
            }
            fn judge(
                &self,
                game: &$crate::rules::GameInput,
                options: &$crate::rules::JudgeOptions,
            ) -> ::std::result::Result<$crate::rules::Verdict, $crate::rules::JudgeError> {
                $crate::rules::Ruleset::judge(&self.0, game, options)
            }
            fn claim(
                &self,
                game: &$crate::rules::GameInput,
                request: &$crate::rules::ClaimRequest,
            ) -> ::std::result::Result<$crate::rules::ClaimAnswer, $crate::rules::JudgeError> {
                $crate::rules::Ruleset::claim(&self.0, game, request)
            }
            fn spec(&self) -> ::std::option::Option<&$crate::rules::Spec> {
                $crate::rules::Ruleset::spec(&self.0)
            }
        }
    };
}
