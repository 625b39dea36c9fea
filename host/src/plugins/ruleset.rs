//! A loaded plugin wrapped as an ordinary [`Ruleset`].

mod batch;
mod request;

use super::library::{
    Function, Plugin, BATCH_PROTOCOL, CLAIMS_PROTOCOL, LAW_PATCH_PROTOCOL, PACKED_PROTOCOL,
};
use super::PluginError;
use std::path::Path;
use std::sync::Arc;
use xqr_core::law::{LawPatch, PatchError};
use xqr_core::rules::replay::verdict_with_components;
use xqr_core::rules::{report_component_failure, ClaimPolicy};
use xqr_core::rules::{
    GameEnd, GameHistory, GameInput, GameResult, IllegalMoveRuling, JudgeError, JudgeOptions,
    MoveLegality, OpenVisibility, Origin, PieceVisibility, PlyClass, PointScheme, RepetitionJudge,
    RepetitionRuling, RuleRef, Ruleset, RulesetMeta, Scoring, Verdict,
};
use xqr_core::standings::StandingsRules;
use xqr_core::{IllegalMove, Move, MoveList, MoveRules, Position};
use xqr_plugin_sdk::protocol::packed::Packed;
use xqr_plugin_sdk::protocol::{
    decode_reply, decode_verdict_reply, LawChange, LegalMovesRequest, PluginManifest, Query,
    ReplyError, WireHistory, WireIllegalMove,
};

/// A dynamic plugin seen as a [`Ruleset`].
///
/// - [`Ruleset::meta`]: the plugin's manifest with origin [`Origin::Plugin`];
/// - [`Ruleset::judge`]: one `judge` call for the whole game, with only the tags the manifest
///   says the plugin reads (`tags_read`; all without the list). A bad record comes back as the
///   same [`JudgeError`] a static ruleset gives (bad FEN, bad or illegal move at a ply); a
///   failing or panicking plugin as [`JudgeError::Plugin`]. A plugin of protocol version 1 or 2
///   cannot judge a record as played: the host's driver does, with the plugin's components;
/// - [`Ruleset::legality`]: the move rules declared in the manifest; legal moves through the
///   `legal_moves` call; illegal-move rulings through a `query` call;
/// - [`Ruleset::visibility`]: open (everything visible): protocol version 1 has no visibility
///   call, so a plugin with hidden pieces cannot yet show per-observer views;
/// - [`Ruleset::repetition`], [`Ruleset::scoring`]: each method is one `query` call with the
///   history (the default judging driver, which calls them per ply, is never used for a plugin);
///   the points and the standings rules ([`Scoring::standings`]) come from the manifest
///   without a call, the standings named as the plugin; a manifest without standings (an older
///   plugin) gets the default of [`Scoring::standings`]: the cxa-1999 order with its points;
/// - [`Ruleset::with_law`]: for a plugin of protocol version 4 whose manifest declares
///   `accepts_law_patch`, the patch is checked with one `check_law` query, and the ruleset
///   answered carries it in its `judge`, `repetition` and `classify` calls; `None` for any
///   other plugin.
///
/// The component traits have no error channel; when the plugin fails to answer one of their
/// calls the component answers as documented on it and reports the failure
/// ([`report_component_failure`]), which the drivers (the verdict and claim replays, the live
/// arbiter) turn into a [`JudgeError::Plugin`]. [`PluginRuleset::try_legal_moves`] and
/// [`Ruleset::judge`] return their errors.
#[derive(Clone)]
pub struct PluginRuleset {
    meta: RulesetMeta,
    plugin: Arc<Plugin>,
    legality: PluginLegality,
    repetition: PluginRepetition,
    scoring: PluginScoring,
    /// Whether the plugin takes a law patch (protocol 4 and the manifest says so).
    accepts_law: bool,
    /// The law patch its law-dependent calls carry.
    law: Option<Arc<LawChange>>,
    /// The names of the tags the plugin reads, sorted, each once, if its manifest lists them:
    /// its `judge` requests carry only those.
    tags_read: Option<Arc<[String]>>,
}

impl std::fmt::Debug for PluginRuleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginRuleset")
            .field("id", &self.meta.id)
            .field("path", &self.plugin.path)
            .finish()
    }
}

impl PluginRuleset {
    /// Wraps a checked plugin and its validated manifest.
    pub(crate) fn new(
        plugin: Plugin,
        manifest: &PluginManifest,
        points: PointScheme,
    ) -> PluginRuleset {
        let plugin = Arc::new(plugin);
        let meta = manifest.to_meta(Origin::Plugin {
            path: plugin.path.clone(),
        });
        let id = meta.id.clone();
        let standings = manifest
            .standings
            .clone()
            .unwrap_or_else(|| StandingsRules::cxa_1999().with_points(points))
            .named(&id);
        PluginRuleset {
            legality: PluginLegality {
                plugin: plugin.clone(),
                id: id.clone(),
                move_rules: manifest.move_rules,
            },
            repetition: PluginRepetition {
                plugin: plugin.clone(),
                id: id.clone(),
                law: None,
            },
            scoring: PluginScoring {
                plugin: plugin.clone(),
                id: id.clone(),
                points,
                standings,
            },
            accepts_law: plugin.protocol >= LAW_PATCH_PROTOCOL && manifest.accepts_law_patch,
            law: None,
            tags_read: manifest.tags_read.as_ref().map(|names| {
                let mut names = names.clone();
                names.sort_unstable();
                names.dedup();
                names.into()
            }),
            meta,
            plugin,
        }
    }

    /// The library it was loaded from.
    pub fn path(&self) -> &Path {
        &self.plugin.path
    }

    /// The legal moves of `pos` as the plugin lists them, or why it could not.
    pub fn try_legal_moves(&self, pos: &Position) -> Result<Vec<Move>, PluginError> {
        self.legality.try_legal_moves(pos)
    }
}

impl Ruleset for PluginRuleset {
    fn meta(&self) -> &RulesetMeta {
        &self.meta
    }

    fn legality(&self) -> &dyn MoveLegality {
        &self.legality
    }

    fn visibility(&self) -> &dyn PieceVisibility {
        &OpenVisibility
    }

    fn repetition(&self) -> &dyn RepetitionJudge {
        &self.repetition
    }

    fn scoring(&self) -> &dyn Scoring {
        &self.scoring
    }

    /// One `judge` call for the whole game. A plugin of protocol version 1 or 2 ends a game at
    /// its first claim whatever the options say: a record it should judge as played is judged
    /// here, through its components.
    fn judge(&self, game: &GameInput, options: &JudgeOptions) -> Result<Verdict, JudgeError> {
        if self.plugin.protocol < CLAIMS_PROTOCOL && options.claim == ClaimPolicy::AsPlayed {
            return verdict_with_components(self, game, options);
        }
        let (law, tags) = (self.law.as_deref(), self.tags_read.as_deref());
        let input = if self.plugin.protocol >= PACKED_PROTOCOL {
            request::packed_request(&[game], Packed::Game, options, law, tags)
        } else {
            request::judge_request(game, options, law, tags)
        }
        .map_err(|e| self.plugin_error(format!("cannot encode the request: {e}")))?;
        let bytes = self
            .plugin
            .call(Function::Judge, &input)
            .map_err(|e| self.plugin_error(e))?;
        self.judgement(decode_verdict_reply(&bytes))
    }

    /// Several games in one `judge` call for a plugin of protocol version 5; see
    /// [`batch`] for what happens when the call fails.
    fn judge_batch(
        &self,
        games: &[&GameInput],
        options: &JudgeOptions,
    ) -> Vec<Result<Verdict, JudgeError>> {
        batch::judge_batch(self, games, options)
    }

    /// For a plugin of protocol version 5 in processes of its own, where a call costs a
    /// round trip. In process a call costs next to nothing: a batch there saves nothing and
    /// holds the JSON of many games at once.
    fn judges_in_batches(&self) -> bool {
        self.plugin.protocol >= BATCH_PROTOCOL && self.plugin.in_own_process()
    }

    fn with_law(
        &self,
        patch: &LawPatch,
        cite: &RuleRef,
    ) -> Option<Result<Arc<dyn Ruleset>, PatchError>> {
        if !self.accepts_law {
            return None;
        }
        let change = Arc::new(LawChange::new(patch.clone(), cite));
        Some(
            match self
                .plugin
                .ask::<Option<()>>(&Query::CheckLaw {}, Some(&change))
            {
                Ok(_) => {
                    let mut patched = self.clone();
                    patched.repetition.law = Some(change.clone());
                    patched.law = Some(change);
                    Ok(Arc::new(patched) as Arc<dyn Ruleset>)
                }
                Err(ReplyError::Plugin {
                    patch_error: Some(e),
                    ..
                }) => Err(*e),
                Err(e) => Err(PatchError::new(
                    patch.first_key().unwrap_or("repetition"),
                    format!("the plugin {} cannot take the change: {e}", self.meta.id),
                )),
            },
        )
    }
}

impl PluginRuleset {
    /// A failed `judge` call as the error of the game.
    fn plugin_error(&self, message: String) -> JudgeError {
        JudgeError::Plugin {
            ruleset: self.meta.id.clone(),
            message,
        }
    }

    /// The verdict of a decoded `judge` reply, or the game's error: the judge error the plugin
    /// names, or the failure.
    fn judgement(&self, reply: Result<Verdict, ReplyError>) -> Result<Verdict, JudgeError> {
        match reply {
            Ok(v) if v.ruleset == self.meta.id => Ok(v),
            Ok(v) => Err(self.plugin_error(format!(
                "the verdict names ruleset {:?}, not {:?}",
                v.ruleset, self.meta.id
            ))),
            Err(ReplyError::Plugin {
                judge_error: Some(e),
                ..
            }) => Err(e),
            Err(e) => Err(self.plugin_error(e.to_string())),
        }
    }
}

/// Move legality of a plugin.
#[derive(Clone)]
struct PluginLegality {
    plugin: Arc<Plugin>,
    id: String,
    move_rules: MoveRules,
}

impl PluginLegality {
    fn try_legal_moves(&self, pos: &Position) -> Result<Vec<Move>, PluginError> {
        let err = |message: String| PluginError::Call {
            path: self.plugin.path.clone(),
            function: Function::LegalMoves.name(),
            message,
        };
        let input = serde_json::to_vec(&LegalMovesRequest { fen: pos.fen() })
            .map_err(|e| err(e.to_string()))?;
        let bytes = self
            .plugin
            .call(Function::LegalMoves, &input)
            .map_err(err)?;
        let texts: Vec<String> = decode_reply(&bytes).map_err(|e| err(e.to_string()))?;
        texts
            .iter()
            .map(|t| t.parse::<Move>().map_err(|e| err(e.to_string())))
            .collect()
    }
}

impl MoveLegality for PluginLegality {
    fn move_rules(&self) -> MoveRules {
        self.move_rules
    }

    /// The plugin's list. If the call fails (or lists more moves than a [`MoveList`] holds),
    /// the failure is reported and the shared generator's moves under the plugin's declared
    /// move rules are answered; use [`PluginRuleset::try_legal_moves`] to see the error.
    fn legal_moves(&self, pos: &Position) -> MoveList {
        match self.try_legal_moves(pos) {
            Ok(moves) if moves.len() <= MoveList::new().capacity() => moves.into_iter().collect(),
            Ok(moves) => {
                failed(
                    &self.id,
                    format!("legal_moves listed {} moves", moves.len()),
                );
                pos.legal_moves()
            }
            Err(e) => {
                failed(&self.id, e.to_string());
                pos.legal_moves()
            }
        }
    }

    /// The plugin's ruling. If the call fails (reported): a loss, citing the plugin error (every edition
    /// in the rulebooks makes an illegal move at least a foul, and a loss at national events).
    fn illegal_move_ruling(
        &self,
        history: &GameHistory,
        reason: &IllegalMove,
    ) -> IllegalMoveRuling {
        let q = Query::IllegalMoveRuling {
            history: WireHistory::of(history),
            reason: WireIllegalMove::from(reason),
        };
        self.plugin.query(&q, None).unwrap_or_else(|e| {
            failed(&self.id, e.to_string());
            IllegalMoveRuling::Loss {
                rule: RuleRef::new(self.id.clone(), format!("(plugin error: {e})")),
            }
        })
    }
}

/// Repetition judging of a plugin, under a law patch if it carries one.
#[derive(Clone)]
struct PluginRepetition {
    plugin: Arc<Plugin>,
    id: String,
    law: Option<Arc<LawChange>>,
}

impl RepetitionJudge for PluginRepetition {
    /// The plugin's ruling; no ruling if the call fails (reported).
    fn rule(
        &self,
        history: &GameHistory,
        pending: Option<&RepetitionRuling>,
    ) -> Option<RepetitionRuling> {
        let q = Query::Repetition {
            history: WireHistory::of(history),
            pending: pending.cloned(),
        };
        self.plugin
            .query(&q, self.law.as_deref())
            .unwrap_or_else(|e| {
                failed(&self.id, e.to_string());
                None
            })
    }

    /// The plugin's classification; if the call fails (reported), no kinds and a note with
    /// the error.
    fn classify(&self, history: &GameHistory, ply: u32) -> PlyClass {
        let q = Query::Classify {
            history: WireHistory::of(history),
            ply,
        };
        self.plugin
            .query(&q, self.law.as_deref())
            .unwrap_or_else(|e| {
                failed(&self.id, e.to_string());
                PlyClass {
                    notes: vec![format!("plugin {} could not classify: {e}", self.id)],
                    ..PlyClass::default()
                }
            })
    }
}

/// Game ends, points and standings of a plugin.
#[derive(Clone)]
struct PluginScoring {
    plugin: Arc<Plugin>,
    id: String,
    points: PointScheme,
    standings: StandingsRules,
}

impl Scoring for PluginScoring {
    /// The plugin's answer; no end if the call fails (reported).
    fn game_end(&self, history: &GameHistory) -> Option<GameEnd> {
        let q = Query::GameEnd {
            history: WireHistory::of(history),
        };
        self.plugin.query(&q, None).unwrap_or_else(|e| {
            failed(&self.id, e.to_string());
            None
        })
    }

    /// From the manifest.
    fn points(&self) -> PointScheme {
        self.points
    }

    /// From the manifest, named as the plugin; the default (the cxa-1999 order with the
    /// plugin's points) when the manifest has none.
    fn standings(&self) -> StandingsRules {
        self.standings.clone()
    }

    /// The plugin's answer; none if the call fails (reported).
    fn recorded_end(
        &self,
        result: GameResult,
        termination: Option<&str>,
        ply: u32,
    ) -> Option<GameEnd> {
        let q = Query::RecordedEnd {
            result,
            termination: termination.map(str::to_owned),
            ply,
        };
        self.plugin.query(&q, None).unwrap_or_else(|e| {
            failed(&self.id, e.to_string());
            None
        })
    }
}

/// Reports that a component call of plugin ruleset `id` failed (see [`PluginRuleset`]).
fn failed(id: &str, message: String) {
    report_component_failure(JudgeError::Plugin {
        ruleset: id.to_owned(),
        message,
    });
}
