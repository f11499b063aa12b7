// b-inary's holdem-hand-evaluator (Rust) on the workloads of bench/peers/suite.sh, one thread,
// used as its README shows: `Hand::new().add_card(..)` card by card, then `evaluate()`.
//   binary_bench seq                 all 133,784,560 seven-card hands in nested loops
//   binary_bench rand FILE           the hands of FILE (n x 7 handstat card ids, suite.cpp gen)
//   binary_bench values FILE OUT     write evaluate() of each hand of FILE as u16 (for checking)
//   binary_bench cats                the category counts over all seven-card hands
// Each timed run prints `RATE <M hands/s> <seconds> <checksum>`, thread CPU time. The crate's
// card ids are 4 * rank + suit with the deuce as rank 0; handstat's are 13 * suit + rank with the
// ace as rank 0: the hands are mapped to the crate's ids before timing.
use holdem_hand_evaluator::{get_hand_category, Hand};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
}
fn cpu() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    unsafe { clock_gettime(3, &mut t) }; // CLOCK_THREAD_CPUTIME_ID
    t.sec as f64 + 1e-9 * t.nsec as f64
}

fn seq() -> u64 {
    let mut sum: u64 = 0;
    for a in 0..46 {
        let h1 = Hand::new().add_card(a);
        for b in (a + 1)..47 {
            let h2 = h1.add_card(b);
            for c in (b + 1)..48 {
                let h3 = h2.add_card(c);
                for d in (c + 1)..49 {
                    let h4 = h3.add_card(d);
                    for e in (d + 1)..50 {
                        let h5 = h4.add_card(e);
                        for f in (e + 1)..51 {
                            let h6 = h5.add_card(f);
                            for g in (f + 1)..52 {
                                sum += h6.add_card(g).evaluate() as u64;
                            }
                        }
                    }
                }
            }
        }
    }
    sum
}

fn load(path: &str) -> Vec<u8> {
    let raw = std::fs::read(path).expect("read the hands file");
    raw.iter()
        .map(|&c| {
            let (suit, rank) = (c / 13, c % 13);
            let r = if rank == 0 { 12 } else { rank - 1 }; // the ace high, the deuce 0
            4 * r + suit
        })
        .collect()
}

fn rand(ids: &[u8]) -> u64 {
    let mut sum: u64 = 0;
    for h in ids.chunks_exact(7) {
        let hand = Hand::new()
            .add_card(h[0] as usize)
            .add_card(h[1] as usize)
            .add_card(h[2] as usize)
            .add_card(h[3] as usize)
            .add_card(h[4] as usize)
            .add_card(h[5] as usize)
            .add_card(h[6] as usize);
        sum += hand.evaluate() as u64;
    }
    sum
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(|s| s.as_str()).unwrap_or("");
    match mode {
        "seq" => {
            let t = cpu();
            let s = seq();
            let dt = cpu() - t;
            println!("RATE {:.1} {:.4} {}", 133784560.0 / dt / 1e6, dt, s);
        }
        "rand" => {
            let ids = load(&args[2]);
            let n = ids.len() / 7;
            let t = cpu();
            let s = rand(std::hint::black_box(&ids));
            let dt = cpu() - t;
            println!("RATE {:.1} {:.4} {}", n as f64 / dt / 1e6, dt, s);
        }
        "values" => {
            let ids = load(&args[2]);
            let mut out = Vec::with_capacity(ids.len() / 7 * 2);
            for h in ids.chunks_exact(7) {
                let hand = Hand::from_slice(&h.iter().map(|&c| c as usize).collect::<Vec<_>>());
                out.extend_from_slice(&hand.evaluate().to_le_bytes());
            }
            std::fs::write(&args[3], out).expect("write the values");
        }
        "cats" => {
            let mut n = [0u64; 9];
            for a in 0..46 {
                for b in (a + 1)..47 {
                    for c in (b + 1)..48 {
                        for d in (c + 1)..49 {
                            for e in (d + 1)..50 {
                                for f in (e + 1)..51 {
                                    let h = Hand::from_slice(&[a, b, c, d, e, f]);
                                    for g in (f + 1)..52 {
                                        n[get_hand_category(h.add_card(g).evaluate()) as usize] += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // best first, as handstat's categories
            let v: Vec<String> = n.iter().rev().map(|x| x.to_string()).collect();
            println!("CATS {}", v.join(" "));
        }
        _ => {
            eprintln!("usage: binary_bench seq | rand FILE | values FILE OUT | cats");
            std::process::exit(2);
        }
    }
}
