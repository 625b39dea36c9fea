//! The model shared by the descriptive notations (WXF and Chinese): a piece, which one of its
//! kind (file or 前/中/后), an action (进 advance, 退 retreat, 平 traverse) and an argument.
//!
//! WXF `C2.5` and Chinese `炮二平五` are two spellings of the same [`Descriptive`]:
//! role cannon, origin file 2, action traverse, argument 5. [`Descriptive::describe`] finds the
//! description official records give a move, [`Descriptive::describe_with`] the one of another
//! record style ([`Disambiguation`]), and [`Descriptive::resolve`] finds the move a description
//! means in a position.
//!
//! # Conventions
//!
//! * Files are numbered 1–9 by each side from its own right ([`File::side_number`]).
//! * 进/`+` (advance) and 退/`-` (retreat) are seen from the mover. Kings, rooks, cannons and
//!   pawns moving along their file give the number of steps; advisors, elephants and horses give
//!   the file they arrive on. 平/`.` (traverse) gives the file of arrival.
//! * "Front" (前, `+`) is the piece nearer the opponent from the mover's view.
//! * Pieces are grouped by movement role; in Jieqi hidden pieces and revealed pieces are counted
//!   separately (Jieqi trial rules §9.1 例三: 暗棋的车不计算), so a move of a hidden piece is
//!   told apart by its revealed piece (`马二进三炮`).
//! * With one piece of its kind on its file, a piece is named by its file (`炮二平五`).
//! * With several on the file: two are 前/后 (`+`/`-`); three are 前/中/后 (`+`/`2`/`-`); four or
//!   five (pawns) are numbered from the front 一/二/三/四/五 (`1`…`5`). The file is left out
//!   (`前车进一`, `+R+1`), unless two or more files each hold several pieces of the kind
//!   (pawns only): then the file number follows the ordinal, replacing the piece name in Chinese
//!   (`前七平六`) and following the letter in WXF (`+P7.6`).
//! * Advisors and elephants are named by their file even when two stand on it, as long as the
//!   other one could not make a move with that description inside its palace or own half (the
//!   one that advances is then necessarily the rear one): `仕六进五`, `相三退五`.
//! * That is [`Disambiguation::ByFile`], the CXA rule, which the wukong (xqdb) records follow.
//!   The CCPD records follow [`Disambiguation::ByMovement`]: 前/后 for rooks, horses, cannons,
//!   advisors and elephants only when the other piece could make the move too.
//! * Reading is lenient: a description that fits several pieces (`车九进一` with two rooks on
//!   file 九) is accepted when exactly one of the moves is legal, and 前/后, 中 and numbers are
//!   read for any count they fit (前 of four pawns is the first, 后 the last).

use super::NotationError;
use crate::{Color, File, Move, Occupant, Piece, Position, Role, Square, SquareSet};
use arrayvec::ArrayVec;
use core::fmt;

/// Which way a piece moves, seen from the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// 进 / `+`: towards the opponent.
    Advance,
    /// 退 / `-`: towards the own back rank.
    Retreat,
    /// 平 / `.` (or `=`): sideways along the rank.
    Traverse,
}

/// Which of several pieces of one kind on one file, counted from the front (the opponent's side).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ordinal {
    /// 前 / `+`: the front one.
    Front,
    /// 中 / `2` (of three): the middle one of an odd number.
    Middle,
    /// 后 (後) / `-`: the rear one.
    Rear,
    /// 一, 二, 三 … / `1`, `2`, `3` …: the n-th from the front (1-based).
    Nth(u8),
}

impl Ordinal {
    /// The 0-based index from the front among `count` pieces, if this ordinal fits that count.
    ///
    /// ```
    /// use xqr_core::notation::descriptive::Ordinal;
    /// assert_eq!(Ordinal::Rear.index(3), Some(2));
    /// assert_eq!(Ordinal::Middle.index(3), Some(1));
    /// assert_eq!(Ordinal::Middle.index(2), None);
    /// assert_eq!(Ordinal::Nth(4).index(3), None);
    /// ```
    pub fn index(self, count: usize) -> Option<usize> {
        match self {
            _ if count == 0 => None,
            Ordinal::Front => Some(0),
            Ordinal::Rear => Some(count - 1),
            Ordinal::Middle => (count >= 3 && count % 2 == 1).then_some(count / 2),
            Ordinal::Nth(k) => (k >= 1 && usize::from(k) <= count).then(|| usize::from(k) - 1),
        }
    }

    /// The canonical ordinal of the piece at `index` (0 = front) among `count` on a file:
    /// 前/后 for two, 前/中/后 for three, numbers from the front for more.
    pub fn canonical(index: usize, count: usize) -> Ordinal {
        match (count, index) {
            (_, 0) if count <= 3 => Ordinal::Front,
            (3, 1) => Ordinal::Middle,
            (2 | 3, _) => Ordinal::Rear,
            _ => Ordinal::Nth(u8::try_from(index + 1).unwrap_or(u8::MAX)),
        }
    }
}

/// How the moving piece is singled out among the pieces of its kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// By the file it stands on (1–9 from the mover's right): `炮二`, `C2`.
    File(u8),
    /// By its place among several on one file (`前车`, `+R`), with the file when several files
    /// qualify (`前七`, `+P7`).
    Ordinal {
        /// Which one from the front.
        ordinal: Ordinal,
        /// The file (1–9 from the mover's right), when given.
        file: Option<u8>,
    },
}

/// A move in descriptive form, independent of the script it is written in.
///
/// ```
/// use xqr_core::notation::descriptive::{Action, Descriptive, Origin};
/// use xqr_core::{Position, Role};
/// let pos = Position::new();
/// let m = "h2e2".parse().unwrap();
/// let d = Descriptive::describe(&pos, m).unwrap();
/// assert_eq!(d.role, Role::Cannon);
/// assert_eq!(d.origin, Origin::File(2));
/// assert_eq!((d.action, d.arg), (Action::Traverse, 5));
/// assert_eq!(d.to_string(), "C2.5");
/// assert_eq!(d.resolve(&pos), Ok(m));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Descriptive {
    /// The movement role of the piece (for a hidden Jieqi piece, the role of its start point).
    pub role: Role,
    /// Which piece of that role.
    pub origin: Origin,
    /// Which way it moves.
    pub action: Action,
    /// Steps (straight moves of kings, rooks, cannons, pawns) or the file of arrival (1–9).
    pub arg: u8,
    /// The revealed piece's role (Jieqi), if the move turns a hidden piece face up.
    pub reveal: Option<Role>,
}

/// Writes the description in ASCII WXF (`C2.5`, `+R+1`).
impl fmt::Display for Descriptive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::wxf::format_descriptive(
            self,
            &super::wxf::WxfOptions::ASCII,
        ))
    }
}

/// Whether the role moves along lines and counts steps when advancing or retreating.
fn counts_steps(role: Role) -> bool {
    matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

/// +1 if `color` advances towards higher ranks.
fn forward(color: Color) -> i8 {
    color.fold(1, -1)
}

/// Pieces of `color` that move as `role`, face down or face up as `hidden` says.
fn group(pos: &Position, color: Color, role: Role, hidden: bool) -> SquareSet {
    let code = Occupant {
        color,
        role,
        hidden,
    }
    .code();
    let board = pos.board();
    board
        .by_color(color)
        .iter()
        .filter(|&sq| board.code(sq.index() as u8) == code)
        .collect()
}

/// The points of file 0 as a mask of point indices (`rank * 9 + file`).
const FILE_0: u128 = {
    let mut mask = 0;
    let mut rank = 0;
    while rank < 10 {
        mask |= 1 << (rank * 9);
        rank += 1;
    }
    mask
};

/// Points of one file (at most ten), or one point per file (at most nine).
type Points = ArrayVec<Square, 10>;

/// The pieces of `squares` on `file`, front (nearest the opponent of `color`) first.
fn column(squares: SquareSet, file: File, color: Color) -> Points {
    let mut col: Points = squares.iter().filter(|s| s.file() == file).collect();
    col.sort_unstable_by_key(|s| core::cmp::Reverse(s.rank().relative_to(color)));
    col
}

/// The pieces coded `code` on `file`, front (nearest the opponent of `color`) first: what
/// [`column`] gives for the group of that code, found among the side's pieces on the file
/// (a move's description is read once per ply of every record).
fn file_column(pos: &Position, file: File, color: Color, code: u8) -> Points {
    let mut col: Points = coded_on_file(pos, file, color, code).collect();
    if color == Color::Red {
        col.reverse(); // Red advances towards higher ranks
    }
    col
}

/// The pieces of `color` coded `code` on `file`, rank 0 first.
fn coded_on_file(
    pos: &Position,
    file: File,
    color: Color,
    code: u8,
) -> impl Iterator<Item = Square> + '_ {
    let board = pos.board();
    let on_file = board.by_color(color) & SquareSet(FILE_0 << file.index());
    on_file
        .into_iter()
        .filter(move |s| board.code(s.index() as u8) == code)
}

/// Files on which `squares` holds at least two pieces.
fn crowded_files(squares: SquareSet) -> usize {
    (0..9u8)
        .filter_map(File::new)
        .filter(|&f| squares.iter().filter(|s| s.file() == f).count() >= 2)
        .count()
}

impl Descriptive {
    /// The point a piece of this description standing on `from` would go to, by geometry alone
    /// (`None` if no such move has the right shape or stays on the board).
    fn target(&self, from: Square, color: Color) -> Option<Square> {
        let fwd = forward(color);
        match self.action {
            Action::Traverse => {
                if !counts_steps(self.role) {
                    return None;
                }
                let file = File::from_side_number(self.arg, color)?;
                (file != from.file()).then(|| Square::from_coords(file, from.rank()))
            }
            Action::Advance | Action::Retreat => {
                let sign = if self.action == Action::Advance {
                    fwd
                } else {
                    -fwd
                };
                if counts_steps(self.role) {
                    if !(1..=9).contains(&self.arg) {
                        return None;
                    }
                    return from.offset(0, sign * self.arg as i8);
                }
                let file = File::from_side_number(self.arg, color)?;
                let df = file.index() as i8 - from.file().index() as i8;
                let dr = match (self.role, df.abs()) {
                    (Role::Advisor, 1) => 1,
                    (Role::Elephant, 2) => 2,
                    (Role::Horse, 1) => 2,
                    (Role::Horse, 2) => 1,
                    _ => return None,
                };
                from.offset(df, sign * dr)
            }
        }
    }

    /// The points of the pieces of `color` this description may name, among those face down
    /// (`hidden`) or face up.
    fn origins(&self, pos: &Position, color: Color, hidden: bool) -> Points {
        let code = Occupant {
            color,
            role: self.role,
            hidden,
        }
        .code();
        match self.origin {
            Origin::File(n) => match File::from_side_number(n, color) {
                Some(file) => file_column(pos, file, color, code),
                None => Points::new(),
            },
            Origin::Ordinal { ordinal, file } => {
                let files: ArrayVec<File, 9> = match file {
                    Some(n) => File::from_side_number(n, color).into_iter().collect(),
                    None => (0..9u8).filter_map(File::new).collect(),
                };
                files
                    .into_iter()
                    .filter_map(|f| {
                        let col = file_column(pos, f, color, code);
                        if col.len() < 2 {
                            return None;
                        }
                        ordinal.index(col.len()).map(|i| col[i])
                    })
                    .collect()
            }
        }
    }

    /// Finds the legal move this description means in `pos` (for the side to move).
    ///
    /// A description fitting several pieces is accepted when exactly one of the moves is legal
    /// (lenient, as record readers are); otherwise the error says what is wrong.
    ///
    /// ```
    /// use xqr_core::notation::{descriptive::*, NotationError};
    /// use xqr_core::{Position, Role};
    /// let pos = Position::new();
    /// let d = Descriptive {
    ///     role: Role::Horse,
    ///     origin: Origin::File(2),
    ///     action: Action::Advance,
    ///     arg: 3,
    ///     reveal: None,
    /// };
    /// assert_eq!(d.resolve(&pos).unwrap().to_string(), "h0g2");
    /// let sideways = Descriptive { action: Action::Traverse, ..d };
    /// assert!(matches!(sideways.resolve(&pos), Err(NotationError::NoSuchMove { .. })));
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Move, NotationError> {
        self.resolve_text(pos, &self.to_string())
    }

    /// [`Descriptive::resolve`] with `text` quoted in errors.
    pub(crate) fn resolve_text(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        if let Some(m) = self.only_legal_by_file(pos) {
            return Ok(m);
        }
        let color = pos.turn();
        let reveal = self.reveal.map(|r| Piece::new(color, r));
        let primary_hidden = self.reveal.is_some();
        let moves_of = |hidden: bool| -> (usize, ArrayVec<Move, 10>) {
            let origins = self.origins(pos, color, hidden);
            let moves = origins
                .iter()
                .filter_map(|&from| {
                    self.target(from, color).map(|to| Move {
                        from,
                        to,
                        reveal,
                        capture: None,
                    })
                })
                .collect();
            (origins.len(), moves)
        };
        // A reveal names a face-down piece; without one, a face-up piece. Fall back to the other
        // kind so that the legality check can say what is wrong (RevealMissing …).
        let (mut found, mut moves) = moves_of(primary_hidden);
        if moves.is_empty() {
            let (other_found, other_moves) = moves_of(!primary_hidden);
            found += other_found;
            moves = other_moves;
        }
        if found == 0 {
            return Err(NotationError::NoSuchPiece {
                text: text.to_owned(),
            });
        }
        if moves.is_empty() {
            return Err(NotationError::NoSuchMove {
                text: text.to_owned(),
                reason: format!("no {} of the side to move can make that move", self.role),
            });
        }
        let legal: ArrayVec<Move, 10> =
            moves.iter().copied().filter(|&m| pos.is_legal(m)).collect();
        match legal.len() {
            1 => Ok(legal[0]),
            0 => {
                let reason = match pos.check_move(moves[0]) {
                    Err(e) => e,
                    Ok(()) => return Ok(moves[0]),
                };
                Err(NotationError::Illegal {
                    text: text.to_owned(),
                    reason,
                })
            }
            _ => Err(NotationError::Ambiguous {
                text: text.to_owned(),
                candidates: legal
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// The move, when this description names a face-up piece by its file (`炮二平五`, `C2.5`)
    /// and exactly one piece there can make it legally: what [`Descriptive::resolve_text`]
    /// finds then, without collecting the candidates first (nearly every move of a record is
    /// of this kind). `None` leaves the search, and what is wrong, to it.
    fn only_legal_by_file(&self, pos: &Position) -> Option<Move> {
        let Origin::File(n) = self.origin else {
            return None;
        };
        if self.reveal.is_some() {
            return None;
        }
        let color = pos.turn();
        let file = File::from_side_number(n, color)?;
        let code = Occupant {
            color,
            role: self.role,
            hidden: false,
        }
        .code();
        let mut found = None;
        for from in coded_on_file(pos, file, color, code) {
            let Some(to) = self.target(from, color) else {
                continue;
            };
            let m = Move {
                from,
                to,
                reveal: None,
                capture: None,
            };
            if pos.is_legal(m) {
                if found.is_some() {
                    return None;
                }
                found = Some(m);
            }
        }
        found
    }

    /// The description official records give to `m` in `pos` (see the module conventions), or
    /// `None` when `m` cannot be described: no piece on its from-point, or a shape the piece
    /// never moves in (`m` need not be legal otherwise). Same as
    /// [`Descriptive::describe_with`] with [`Disambiguation::ByFile`].
    ///
    /// ```
    /// use xqr_core::notation::descriptive::{Descriptive, Ordinal, Origin};
    /// use xqr_core::{MoveRules, Position};
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w - - 0 1", MoveRules::STANDARD).unwrap();
    /// let d = Descriptive::describe(&pos, "a3a4".parse().unwrap()).unwrap();
    /// assert_eq!(d.origin, Origin::Ordinal { ordinal: Ordinal::Front, file: None });
    /// assert_eq!(d.to_string(), "+R+1");
    /// ```
    pub fn describe(pos: &Position, m: Move) -> Option<Descriptive> {
        Descriptive::describe_with(pos, m, Disambiguation::ByFile)
    }

    /// The description of `m` in `pos` with the given disambiguation style (see
    /// [`Descriptive::describe`]).
    ///
    /// ```
    /// use xqr_core::notation::descriptive::{Descriptive, Disambiguation};
    /// use xqr_core::{MoveRules, Position};
    /// // Two rooks on file 9, a4 and a3: the front one cannot go back three points.
    /// let pos = Position::from_fen("3k5/9/9/9/9/R8/R8/9/9/4K4 w - - 0 1", MoveRules::STANDARD).unwrap();
    /// let m = "a3a0".parse().unwrap();
    /// let official = Descriptive::describe_with(&pos, m, Disambiguation::ByFile).unwrap();
    /// let minimal = Descriptive::describe_with(&pos, m, Disambiguation::ByMovement).unwrap();
    /// assert_eq!((official.to_string(), minimal.to_string()), ("-R-3".into(), "R9-3".into()));
    /// ```
    pub fn describe_with(pos: &Position, m: Move, style: Disambiguation) -> Option<Descriptive> {
        let occ = pos.board().get(m.from)?;
        let color = occ.color;
        let role = occ.role;
        let df = m.to.file().index() as i8 - m.from.file().index() as i8;
        let dr = (m.to.rank().index() as i8 - m.from.rank().index() as i8) * forward(color);
        let (action, arg) = if dr == 0 {
            if df == 0 || !counts_steps(role) {
                return None;
            }
            (Action::Traverse, m.to.file().side_number(color))
        } else {
            let action = if dr > 0 {
                Action::Advance
            } else {
                Action::Retreat
            };
            let shape_ok = match role {
                Role::King | Role::Rook | Role::Cannon | Role::Pawn => df == 0,
                Role::Advisor => df.abs() == 1 && dr.abs() == 1,
                Role::Elephant => df.abs() == 2 && dr.abs() == 2,
                Role::Horse => matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)),
            };
            if !shape_ok {
                return None;
            }
            let arg = if counts_steps(role) {
                dr.unsigned_abs()
            } else {
                m.to.file().side_number(color)
            };
            (action, arg)
        };
        let mut d = Descriptive {
            role,
            origin: Origin::File(m.from.file().side_number(color)),
            action,
            arg,
            reveal: m.reveal.map(|p| p.role),
        };
        let pieces = group(pos, color, role, occ.hidden);
        let col = column(pieces, m.from.file(), color);
        if col.len() < 2 {
            return Some(d);
        }
        let index = col.iter().position(|&s| s == m.from)?;
        let ordinal = Ordinal::canonical(index, col.len());
        let with_file = Origin::Ordinal {
            ordinal,
            file: Some(m.from.file().side_number(color)),
        };
        let without_file = Origin::Ordinal {
            ordinal,
            file: None,
        };
        let shared = match style {
            Disambiguation::ByMovement if role != Role::Pawn => d.movable_by_another(pos, m, &col),
            _ if matches!(role, Role::Advisor | Role::Elephant) => {
                d.shared(pos, m, &col, occ.hidden)
            }
            _ => true,
        };
        if shared {
            d.origin = if crowded_files(pieces) > 1 {
                with_file
            } else {
                without_file
            };
        }
        Some(d)
    }

    /// Whether another advisor or elephant of `col` could make a move of this description
    /// inside its palace or own half (by geometry alone).
    fn shared(&self, pos: &Position, m: Move, col: &[Square], hidden: bool) -> bool {
        let color = pos.board().get(m.from).map_or(pos.turn(), |o| o.color);
        let confined = hidden
            || match self.role {
                Role::Advisor => pos.rules().advisor_confined_to_palace,
                _ => pos.rules().elephant_confined_to_own_half,
            };
        col.iter().filter(|&&s| s != m.from).any(|&from| {
            self.target(from, color).is_some_and(|to| {
                !confined
                    || match self.role {
                        Role::Advisor => to.in_palace(color),
                        _ => to.on_own_half(color),
                    }
            })
        })
    }

    /// Whether another piece of `col` could make a move of this description by the movement
    /// rules (blocking included, king safety not).
    fn movable_by_another(&self, pos: &Position, m: Move, col: &[Square]) -> bool {
        let color = pos.board().get(m.from).map_or(pos.turn(), |o| o.color);
        let pseudo = pos.pseudo_legal_moves();
        col.iter().filter(|&&s| s != m.from).any(|&from| {
            self.target(from, color)
                .is_some_and(|to| pseudo.iter().any(|p| p.from == from && p.to == to))
        })
    }
}

/// When a piece sharing its file with others of its kind is named by 前/后 (`+`/`-`) rather
/// than by its file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Disambiguation {
    /// Whenever two or more pieces of the kind stand on the file (the CXA rule, used by the
    /// wukong/xqdb records): `前车进一` even if the rear rook could not advance. Advisors and
    /// elephants are the exception, named by file when the other one could not move so.
    #[default]
    ByFile,
    /// As the CCPD records: rooks, horses, cannons, advisors and elephants get 前/后 only when
    /// another piece of the kind on the file could make a move of that description by the
    /// movement rules (blocking counts, king safety does not): `車七退三` when the front rook on
    /// file 七 is blocked, but `後車平五` even if the front rook is pinned. Pawns sharing a file
    /// always get 前/后 (`前兵平六` even when the rear pawn has not crossed the river).
    ByMovement,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveRules;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, MoveRules::STANDARD).unwrap()
    }

    #[test]
    fn ordinals() {
        assert_eq!(Ordinal::canonical(0, 2), Ordinal::Front);
        assert_eq!(Ordinal::canonical(1, 2), Ordinal::Rear);
        assert_eq!(Ordinal::canonical(1, 3), Ordinal::Middle);
        assert_eq!(Ordinal::canonical(2, 3), Ordinal::Rear);
        assert_eq!(Ordinal::canonical(0, 4), Ordinal::Nth(1));
        assert_eq!(Ordinal::canonical(3, 4), Ordinal::Nth(4));
        for n in 1..=5 {
            for i in 0..n {
                assert_eq!(Ordinal::canonical(i, n).index(n), Some(i));
            }
        }
        assert_eq!(Ordinal::Nth(0).index(3), None);
        assert_eq!(Ordinal::Front.index(0), None);
    }

    #[test]
    fn describe_and_resolve_every_start_move() {
        let p = Position::new();
        for m in p.legal_moves() {
            let d = Descriptive::describe(&p, m).unwrap();
            assert_eq!(d.resolve(&p), Ok(m), "{d}");
        }
    }

    #[test]
    fn advisors_on_one_file_are_named_by_file() {
        // Red advisors d0 and d2: the rear one advances, the front one retreats.
        let p = pos("3k5/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
        let adv = Descriptive::describe(&p, "d0e1".parse().unwrap()).unwrap();
        assert_eq!(adv.to_string(), "A6+5");
        let ret = Descriptive::describe(&p, "d2e1".parse().unwrap()).unwrap();
        assert_eq!(ret.to_string(), "A6-5");
        assert_eq!(adv.resolve(&p).unwrap().to_string(), "d0e1");
        assert_eq!(ret.resolve(&p).unwrap().to_string(), "d2e1");
    }

    #[test]
    fn a_file_read_point_by_point_is_the_column_of_its_group() {
        let fens = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/4P4/4P4/4P4/4P4/9/9/9/r8/R4K3 w - - 0 1",
            "2bak4/9/4c4/2P1P1P2/2P1P4/9/9/4C4/R8/4K4 b - - 0 1",
            "3k5/9/9/9/9/R8/R8/9/9/4K4 w - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            for color in [Color::Red, Color::Black] {
                for role in Role::ALL {
                    let code = Occupant {
                        color,
                        role,
                        hidden: false,
                    }
                    .code();
                    let pieces = group(&p, color, role, false);
                    for file in (0..9u8).filter_map(File::new) {
                        assert_eq!(
                            file_column(&p, file, color, code),
                            column(pieces, file, color),
                            "{fen} {color:?} {role:?} {file:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn impossible_shapes_are_not_described() {
        let p = Position::new();
        assert_eq!(Descriptive::describe(&p, "h0h2".parse().unwrap()), None);
        assert_eq!(Descriptive::describe(&p, "e4e5".parse().unwrap()), None);
        assert_eq!(Descriptive::describe(&p, "h2g3".parse().unwrap()), None);
    }
}
