//! The web page of `xqr serve` in a real headless Chromium, driven through ChromeDriver: paste
//! the 1999 rules' figure 3, read each ruleset's verdict from the page, step to the deciding
//! ply, read the kinds and the forbidden move there, play a move by clicking the board, and keep
//! a screenshot.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`scripts/install-test-deps` installs them;
//! `XQR_CHROMIUM` and `XQR_CHROMEDRIVER` name other binaries). Without them the test fails and
//! says so, unless `XQR_SKIP_BROWSER=1` asks to skip it.

#[path = "common/mod.rs"]
mod common;
#[path = "common/server.rs"]
mod server;

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use server::Server;

const WAIT: Duration = Duration::from_secs(30);

fn binary(variable: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from);
    path.exists().then_some(path)
}

/// ChromeDriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start(path: &PathBuf) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < WAIT, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The text of the first element matching `css`, once `ready` accepts it.
async fn wait_text(c: &Client, css: &str, ready: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    let mut last = String::new();
    while started.elapsed() < WAIT {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if let Ok(t) = e.text().await {
                if ready(&t) {
                    return t;
                }
                last = t;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{css}: still {last:?} after {WAIT:?}");
}

async fn click(c: &Client, css: &str) {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

#[test]
fn figure_3_is_judged_stepped_and_played_on_in_a_real_browser() {
    let (Some(chromium), Some(chromedriver)) = (
        binary("XQR_CHROMIUM", "/usr/bin/chromium"),
        binary("XQR_CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) else {
        if std::env::var_os("XQR_SKIP_BROWSER").is_some_and(|v| v == "1") {
            eprintln!("skipped: no chromium or chromedriver, and XQR_SKIP_BROWSER=1");
            return;
        }
        panic!(
            "the web page test needs Debian's chromium and chromium-driver: run \
             scripts/install-test-deps, or set XQR_SKIP_BROWSER=1 to skip it"
        );
    };
    let server = Server::start(&[]);
    let driver = Driver::start(&chromedriver);
    let profile = std::env::temp_dir().join(format!("xqr-chromium-{}", std::process::id()));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_owned(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--window-size=1400,1000",
                    format!("--user-data-dir={}", profile.display()),
                ],
            }),
        );
        let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a Chromium session");
        let outcome = drive(&c, &server).await;
        let _ = c.close().await;
        outcome
    });
    let _ = std::fs::remove_dir_all(&profile);
}

async fn drive(c: &Client, server: &Server) {
    c.goto(&server.url()).await.expect("open the page");
    // The static editions are chosen by default.
    for id in ["cxa-1999", "cxa-2011", "axf"] {
        let css = format!("input[name=ruleset][value='{id}']");
        let b = c
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(&css))
            .await
            .expect("a ruleset box");
        assert_eq!(
            b.prop("checked").await.ok().flatten().as_deref(),
            Some("true"),
            "{id}"
        );
    }
    // Labels that read without CJK fonts.
    c.find(Locator::Css("#labels"))
        .await
        .expect("#labels")
        .select_by_value("english")
        .await
        .expect("English labels");

    // Paste the record and load it.
    let pgn = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/figure-3.pgn"))
        .expect("the sample");
    c.find(Locator::Css("#pgn"))
        .await
        .expect("#pgn")
        .send_keys(&pgn)
        .await
        .expect("paste");
    click(c, "#load").await;

    // The 1999 rules: Red must change (§26.4), the record ends first.
    let rule = wait_text(c, "#verdicts [data-ruleset='cxa-1999'] .rule", |t| {
        !t.is_empty()
    })
    .await;
    assert!(rule.contains("cxa-1999 §26.4"), "{rule}");
    // Every ruleset's card says what the API says.
    let (_, expected) = server.post(
        "/api/compare",
        &json!({"pgn": pgn, "rulesets": checked(c).await}),
    );
    for row in expected.as_array().expect("rows") {
        let id = row["ruleset"].as_str().expect("id");
        let card = format!("#verdicts [data-ruleset='{id}']");
        let result = wait_text(c, &format!("{card} .result"), |t| !t.is_empty()).await;
        assert!(
            result.contains(row["result"].as_str().unwrap_or("")),
            "{id}: {result} vs {row}"
        );
        if let Some(rule) = row["rule"].as_str().or(row["pending"]["rule"].as_str()) {
            let shown = wait_text(c, &format!("{card} .rule"), |t| !t.is_empty()).await;
            assert!(shown.contains(rule), "{id}: {shown} vs {rule}");
        }
    }

    // Step to the deciding ply: the loop is marked, the kinds and the forbidden move shown.
    click(c, "#verdicts [data-ruleset='cxa-1999'] .goto").await;
    wait_text(c, "#ply-label", |t| t == "ply 12 / 12").await;
    let loop_plies = c
        .find_all(Locator::Css("#move-list li.loop"))
        .await
        .expect("loop plies");
    assert_eq!(loop_plies.len(), 12);
    let kinds = wait_text(c, "#ply-kinds [data-ruleset='cxa-1999']", |t| !t.is_empty()).await;
    assert!(kinds.contains("chase"), "{kinds}");
    assert!(kinds.contains("i2"), "{kinds}");
    let forbidden = wait_text(c, "#forbidden [data-ruleset='cxa-1999']", |t| {
        t.contains("h6i4")
    })
    .await;
    assert!(forbidden.contains("§26.4"), "{forbidden}");
    let shot = c.screenshot().await.expect("a screenshot");
    assert!(shot.starts_with(b"\x89PNG") && shot.len() > 10_000);
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web-page-figure-3.png");
    std::fs::write(&path, &shot).expect("save the screenshot");
    eprintln!("screenshot: {}", path.display());

    // Back one ply, then forward with the keyboard's neighbour, the Next button.
    click(c, "#prev").await;
    wait_text(c, "#ply-label", |t| t == "ply 11 / 12").await;
    click(c, "#next").await;
    wait_text(c, "#ply-label", |t| t == "ply 12 / 12").await;

    // Red plays the forbidden move on the board anyway: h6 to i4.
    click(c, "#board rect.hit[data-square='h6']").await;
    click(c, "#board rect.hit[data-square='i4']").await;
    wait_text(c, "#ply-label", |t| t == "ply 13 / 13").await;
    let moves: Value = c
        .execute("return document.querySelector('#moves').value;", vec![])
        .await
        .expect("the moves field");
    assert!(
        moves.as_str().unwrap_or("").trim_end().ends_with("h6i4"),
        "{moves}"
    );
}

/// The ids of the checked rulesets.
async fn checked(c: &Client) -> Value {
    c.execute(
        "return [...document.querySelectorAll('input[name=ruleset]:checked')].map(e => e.value);",
        vec![],
    )
    .await
    .expect("the checked rulesets")
}
