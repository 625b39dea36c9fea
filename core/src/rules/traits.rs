//! The four components every ruleset provides, and the bundle.

use super::{
    GameEnd, GameHistory, GameInput, GameResult, IllegalMoveRuling, JudgeError, JudgeOptions,
    PointScheme, RepetitionJudge, RulesetMeta, Verdict,
};
use crate::{Board, Color, IllegalMove, MoveList, MoveRules, Piece, Pool, Position, Square};

/// Which moves are legal, and what an illegal move in a record means.
///
/// Move generation itself is the shared core generator, parameterised by
/// [`MoveLegality::move_rules`]; editions differ in the knobs and in the ruling. A record is
/// replayed on positions built with those knobs, so whether a move is legal is the position's
/// answer ([`Position::check_move`]); [`MoveLegality::legal_moves`] is the list a ruleset gives
/// (`xqr moves --ruleset`, a plugin's own list).
pub trait MoveLegality: Send + Sync {
    /// The knobs of the shared move generator for this edition.
    fn move_rules(&self) -> MoveRules;

    /// The position a game starts from when the record gives no FEN.
    fn start_position(&self) -> Position {
        Position::from_setup(crate::Setup::start(), self.move_rules())
            .expect("start position is legal")
    }

    /// Whether this edition plays games with hidden pieces (Jieqi). The judge refuses a game
    /// with hidden pieces under an edition that does not ([`JudgeError::Unsupported`]) rather
    /// than reading it with rules it was not played by.
    fn plays_hidden_pieces(&self) -> bool {
        false
    }

    /// Legal moves of a position.
    fn legal_moves(&self, pos: &Position) -> MoveList {
        pos.legal_moves()
    }

    /// What an illegal move found in a record means under this edition.
    fn illegal_move_ruling(&self, history: &GameHistory, reason: &IllegalMove)
        -> IllegalMoveRuling;
}

/// Who looks at the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Observer {
    /// The Red player.
    Red,
    /// The Black player.
    Black,
    /// A spectator (sees what is public).
    Spectator,
    /// The arbiter (sees everything, including a Jieqi deal).
    Arbiter,
}

/// What an observer may see of a position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// The board as seen: hidden pieces stay hidden unless the observer may know them.
    #[serde(serialize_with = "board_fen")]
    pub board: Board,
    /// The unrevealed identities as far as the observer can tell: those neither face up nor
    /// known to this observer as captured.
    #[serde(serialize_with = "pool_field")]
    pub pool: Pool,
    /// Hidden pieces on the board whose identity this observer knows (the arbiter with the
    /// deal of a Jieqi game), `a0` first.
    pub known: Vec<(Square, Piece)>,
    /// Every piece captured so far, in the order of capture, as this observer sees it.
    pub captured: Vec<SeenCapture>,
}

/// A captured piece as an observer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SeenCapture {
    /// The ply that captured it (1-based).
    pub ply: u32,
    /// The side that captured it.
    pub by: Color,
    /// Where it was captured.
    pub square: Square,
    /// The side it belonged to.
    pub owner: Color,
    /// What it was, or `None` for a hidden piece whose identity the observer may not see
    /// (Jieqi §7.5.4: only the capturer looks at a captured hidden piece).
    pub piece: Option<Piece>,
}

fn board_fen<S: serde::Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::fen::board_fen(board))
}

fn pool_field<S: serde::Serializer>(pool: &Pool, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(pool)
}

impl View {
    /// The captures of `history` with every identity the history holds: face-up pieces, and
    /// hidden ones whose identity the record states (a move's [`crate::Move::capture`]).
    pub fn captures_of(history: &GameHistory) -> Vec<SeenCapture> {
        (1..=history.ply_count())
            .filter_map(|ply| {
                let occ = history.captured_at(ply)?;
                let m = history.move_at(ply)?;
                Some(SeenCapture {
                    ply,
                    by: !occ.color,
                    square: m.to,
                    owner: occ.color,
                    piece: if occ.hidden {
                        m.capture
                    } else {
                        Some(occ.piece())
                    },
                })
            })
            .collect()
    }
}

/// What each observer may see (open for standard Xiangqi; real work for Jieqi).
pub trait PieceVisibility: Send + Sync {
    /// The view of the last position of `history` for `observer`. `dealt` is what only the
    /// arbiter holds, when the caller has it: the start board with each hidden piece shown as
    /// its identity (a Jieqi deal, as `xqr deal` makes one); a record alone has none.
    fn view(&self, history: &GameHistory, dealt: Option<&Board>, observer: Observer) -> View;
}

/// Standard Xiangqi: everything is visible to everyone.
#[derive(Copy, Clone, Debug, Default)]
pub struct OpenVisibility;

impl PieceVisibility for OpenVisibility {
    fn view(&self, history: &GameHistory, _dealt: Option<&Board>, observer: Observer) -> View {
        let pos = history.last();
        View {
            observer,
            board: pos.board().clone(),
            pool: *pos.pool(),
            known: Vec::new(),
            captured: View::captures_of(history),
        }
    }
}

/// Game ends other than repetition, and points.
pub trait Scoring: Send + Sync {
    /// Whether the last position of `history` ends the game (checkmate, stalemate, king
    /// captured, natural move limit …).
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd>;

    /// Points for a win, a draw and a loss, by color.
    fn points(&self) -> PointScheme;

    /// How this ruleset ranks an event: points and the tie-break order per event kind.
    ///
    /// The default is the cxa-1999 order (§15) with this ruleset's points, which is right for a
    /// variant of 1999 that changes only the points; an edition returns its own preset.
    fn standings(&self) -> crate::standings::StandingsRules {
        crate::standings::StandingsRules::cxa_1999().with_points(self.points())
    }

    /// The end of a game whose record states its result (resignation, agreed draw, time
    /// forfeit …) after `ply` plies, with this edition's article; see [`super::recorded_end`].
    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd>;
}

/// A named bundle of the four components: an edition or a variant.
///
/// The default [`Ruleset::judge`] replays a game and applies the components; a dynamic plugin
/// overrides it to judge a whole game in one call.
pub trait Ruleset: Send + Sync {
    /// Id, name, aliases, source …
    fn meta(&self) -> &RulesetMeta;
    /// Move legality.
    fn legality(&self) -> &dyn MoveLegality;
    /// Visibility.
    fn visibility(&self) -> &dyn PieceVisibility;
    /// Repetition judging.
    fn repetition(&self) -> &dyn RepetitionJudge;
    /// Game ends and points.
    fn scoring(&self) -> &dyn Scoring;

    /// The record as this ruleset reads it before judging: a ruleset whose records may carry
    /// more than their moves makes it explicit here (Jieqi: a deal in a tag fills in the
    /// reveals and captured identities the moves leave out). The default returns `game`.
    fn complete_record<'g>(
        &self,
        game: &'g GameInput,
    ) -> Result<std::borrow::Cow<'g, GameInput>, JudgeError> {
        Ok(std::borrow::Cow::Borrowed(game))
    }

    /// The tags of a record that [`Ruleset::judge`], [`Ruleset::judge_batch`] and
    /// [`Ruleset::claim`] read ([`Ruleset::complete_record`] included): a host may leave the
    /// others out of a record it hands across a boundary. The default, [`TagsRead::All`], is
    /// right for any ruleset; one whose judging reads no more than the core's replay says
    /// [`REPLAY_TAGS`](super::REPLAY_TAGS) (an [`super::Edition`] without a hook that reads
    /// records does).
    fn tags_read(&self) -> super::TagsRead {
        super::TagsRead::All
    }

    /// Judges a game ([`Ruleset::complete_record`], then the components).
    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        super::replay::verdict_with_components(self, &*self.complete_record(game)?, options)
    }

    /// Judges several games with the same options, in order: each result is what
    /// [`Ruleset::judge`] gives for that game. For a corpus run over a ruleset whose every call
    /// costs something beside the judging (a dynamic plugin in a process of its own pays a
    /// round trip per call); the default judges the games one by one.
    fn judge_batch(
        &self,
        games: &[&GameInput],
        options: &JudgeOptions,
    ) -> Vec<Result<Verdict, JudgeError>> {
        games.iter().map(|game| self.judge(game, options)).collect()
    }

    /// Whether a corpus run should hand this ruleset several games per
    /// [`Ruleset::judge_batch`] call rather than one game per task. False by default: for a
    /// ruleset without a cost per call, grouping games only coarsens the parallel work.
    fn judges_in_batches(&self) -> bool {
        false
    }

    /// The data this ruleset is built from, hooks included, if it is built from one (an
    /// [`super::Edition`], or a house variant of one): what a variant reads of its parent to
    /// change it. `None` (the default): a ruleset written in code, or a dynamic plugin.
    fn spec(&self) -> Option<&super::Spec> {
        None
    }

    /// This ruleset with its repetition law changed by `patch`, each reading the patch sets
    /// citing `cite` ([`RepetitionLaw::patched`](crate::law::RepetitionLaw::patched)): what a
    /// house variant that changes the law of a parent without a Spec asks of it. `None`: this
    /// ruleset cannot take a law patch; `Some(Err(_))`: the patch does not apply.
    ///
    /// The default builds an [`super::Edition`] on [`Ruleset::spec`] with the patched law
    /// (`None` without a Spec); a dynamic plugin that declares it accepts law patches answers
    /// with a ruleset whose calls carry the patch.
    fn with_law(
        &self,
        patch: &crate::law::LawPatch,
        cite: &crate::reference::RuleRef,
    ) -> Option<Result<std::sync::Arc<dyn Ruleset>, crate::law::PatchError>> {
        let spec = self.spec()?;
        Some(spec.law.patched(patch, &spec.meta.id, cite).map(|law| {
            let mut spec = spec.clone();
            spec.law = law;
            std::sync::Arc::new(super::Edition::new(spec)) as std::sync::Arc<dyn Ruleset>
        }))
    }

    /// Answers a claim made during the game: `request.by` asks for a ruling after ply
    /// `request.ply` of `game` (see [`super::replay::claim_with_components`]). The default replays the record
    /// ([`Ruleset::complete_record`]) with the components.
    fn claim(
        &self,
        game: &GameInput,
        request: &super::ClaimRequest,
    ) -> Result<super::ClaimAnswer, JudgeError> {
        super::replay::claim_with_components(self, &*self.complete_record(game)?, request)
    }
}
