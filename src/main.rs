fn main() {
    std::process::exit(chessboard_puzzles::cli::run());
}
